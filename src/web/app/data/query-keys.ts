import type { Me, UserListItem } from '@shared/contracts/accounts';
import type { Analytics, Audience, AudienceRange, Dashboard } from '@shared/contracts/admin';
import type { Application } from '@shared/contracts/applications';
import type { StaffActionList } from '@shared/contracts/audit';
import type { BackupScheduleView, Backup } from '@shared/contracts/backups';
import type { Badge } from '@shared/contracts/badges';
import type { BannedSong } from '@shared/contracts/banned-songs';
import type { CarouselImage } from '@shared/contracts/carousel';
import type { DeliveryView, DiscordLinkView, DiscordSettingsView } from '@shared/contracts/discord';
import type { Chart, SongStat } from '@shared/contracts/library';
import type {
  DeckKind,
  DeckTrackList,
  FolderImportStatus,
  Playlist,
  PlaylistDetail,
  QueueItem,
  TrackList,
  TrackPeaks,
} from '@shared/contracts/media';
import type { Member } from '@shared/contracts/members';
import type { ManagedNewsList, NewsArticle, NewsList } from '@shared/contracts/news';
import type { ManagedRecordingList, RecordedShows, RecordingList } from '@shared/contracts/recordings';
import type { RequestSettings, RequestStatus } from '@shared/contracts/requests';
import type { Role, RoleAssignment } from '@shared/contracts/roles';
import type { BlockedMember, Report } from '@shared/contracts/safety';
import type { ScheduleBoard, ScheduleSlot } from '@shared/contracts/schedule';
import type { PublicSettings, SiteSettings } from '@shared/contracts/settings';
import type { AdminCatalogue, MyOrder, MyShop, OrdersReport, RecipientList, ShopCatalogue } from '@shared/contracts/shop';
import type {
  ApiKey,
  DatabaseView,
  Idea,
  ModerationOverview,
  PersonRef,
  PresenterRules,
  SystemLog,
  SystemStatus,
  TrainingSession,
} from '@shared/contracts/staff';
import type {
  EngineStatus,
  MyConnection,
  MyCredentials,
  NowPlaying,
  StreamerAccount,
} from '@shared/contracts/station';
import type { RecognisedStreamer, TwitchStatus } from '@shared/contracts/streamers';
import type { TicketThread } from '@shared/contracts/support';
import type { MentorQuiz, TraineeQuiz } from '@shared/contracts/training-quiz';
import {
  type DataTag,
  type DefaultError,
  type InfiniteData,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import type { ChatData } from '@web/features/chat/chat-cache';
import type { LikesState } from '@web/features/library/likes';
import type { ConversationsData, ThreadData } from '@web/features/messages/dm-cache';
import type { z } from 'zod';
import type {
  MusicSearchData,
  MyApplicationsData,
  MyBadgesData,
  NotificationList,
  RequestListData,
  RoleCatalogue,
  ScheduleData,
  StatsData,
  TeamData,
  TicketList,
  TicketStatusFilter,
  TrackListParams,
} from './query-data';

/**
 * Every query key of the web app, each tagged with the data its query caches (docs/architecture.md,
 * "Server state in the browser"). A key is made here and nowhere else, so two reads can never share a
 * key with different shapes: the tag types `setQueryData`/`getQueryData`, and `useKeyedQuery` makes
 * the read's `queryFn` return exactly the tagged shape. `query-keys.test.ts` checks that no two keys
 * here collide and that no other file spells a key out.
 *
 * A `root` is a prefix only, to invalidate a family of keys; it holds no data of its own.
 */

/** Tags a key with the data its query holds. */
const holds =
  <TData>() =>
  <const K extends readonly unknown[]>(key: K) =>
    key as DataTag<K, TData, DefaultError>;

type AnyKey = DataTag<readonly unknown[], unknown, DefaultError>;
/** The data a key was tagged with. */
export type KeyData<K> = K extends DataTag<unknown, infer D, unknown> ? D : never;

/** `useQuery` for a key of this factory: its `queryFn` must give the data the key is tagged with. */
export function useKeyedQuery<K extends AnyKey, TSelected = KeyData<K>>(
  options: UseQueryOptions<KeyData<K>, DefaultError, TSelected, K>,
): UseQueryResult<TSelected, DefaultError> {
  return useQuery(options);
}

export const queryKeys = {
  me: holds<{ me: Me | null }>()(['me']),
  admin: {
    backups: holds<Backup[]>()(['admin', 'backups']),
    backupSchedule: holds<BackupScheduleView>()(['admin', 'backup-schedule']),
    dashboard: holds<Dashboard>()(['admin', 'dashboard']),
    analytics: holds<Analytics>()(['admin', 'analytics']),
    audience: (range: AudienceRange) => holds<Audience>()(['admin', 'analytics', 'audience', range]),
    siteSettings: holds<SiteSettings>()(['admin', 'site-settings']),
  },
  applications: {
    root: ['applications'] as const,
    mine: holds<MyApplicationsData>()(['applications', 'mine']),
    review: holds<{ applications: Application[] }>()(['applications', 'review']),
  },
  badges: {
    root: ['badges'] as const,
    mine: holds<MyBadgesData>()(['badges', 'mine']),
    catalogue: holds<{ badges: Badge[] }>()(['badges', 'catalogue']),
  },
  bannedSongs: {
    root: ['banned-songs'] as const,
    list: (all: boolean) => holds<{ songs: BannedSong[] }>()(['banned-songs', all ? 'all' : 'active']),
  },
  blocks: holds<{ blocks: BlockedMember[] }>()(['blocks']),
  bookings: {
    root: ['bookings'] as const,
    board: holds<ScheduleBoard>()(['bookings', 'board']),
    all: holds<ScheduleData>()(['bookings', 'all']),
    presenters: holds<{ people: PersonRef[] }>()(['bookings', 'presenters']),
  },
  carousel: {
    root: ['carousel'] as const,
    active: holds<{ images: CarouselImage[] }>()(['carousel', 'active']),
    all: holds<{ images: CarouselImage[] }>()(['carousel', 'all']),
  },
  chart: holds<Chart>()(['chart']),
  chat: holds<ChatData>()(['chat', 'messages']),
  conversations: {
    root: ['conversations'] as const,
    list: holds<ConversationsData>()(['conversations', 'list']),
    thread: (id: string) => holds<ThreadData>()(['conversations', id, 'messages']),
  },
  developer: {
    status: holds<SystemStatus>()(['developer', 'status']),
    logsRoot: ['developer', 'logs'] as const,
    logs: (level: 'warn' | 'error' | null) => holds<{ logs: SystemLog[] }>()(['developer', 'logs', level ?? 'all']),
    audit: (params: string) => holds<StaffActionList>()(['developer', 'audit', params]),
    database: holds<DatabaseView>()(['developer', 'database']),
    apiKeys: holds<{ keys: ApiKey[] }>()(['developer', 'api-keys']),
  },
  discord: {
    settings: holds<DiscordSettingsView>()(['discord', 'settings']),
    messages: holds<{ messages: DeliveryView[] }>()(['discord', 'messages']),
    me: holds<DiscordLinkView>()(['discord', 'me']),
  },
  ideas: holds<{ ideas: Idea[] }>()(['ideas']),
  likes: holds<LikesState>()(['likes']),
  media: {
    root: ['media'] as const,
    tracksRoot: ['media', 'tracks'] as const,
    tracks: (p: TrackListParams) => holds<TrackList>()(['media', 'tracks', p]),
    playlists: holds<{ playlists: Playlist[] }>()(['media', 'playlists']),
    playlist: (id: string) => holds<PlaylistDetail>()(['media', 'playlists', id]),
    shows: holds<ScheduleSlot[]>()(['media', 'shows']),
    queue: holds<QueueItem[]>()(['media', 'queue']),
    folderImport: holds<FolderImportStatus>()(['media', 'folder-import']),
    trackPeaks: (id: string) => holds<TrackPeaks>()(['media', 'track-peaks', id]),
    deck: (kind: DeckKind, q: string) => holds<DeckTrackList>()(['media', 'deck', kind, q]),
    trackSearch: (q: string) =>
      holds<{ tracks: { id: string; title: string; artist: string }[]; total: number }>()([
        'media',
        'track-search',
        q,
      ]),
  },
  members: {
    root: ['members'] as const,
    search: (term: string) => holds<{ members: Member[] }>()(['members', term]),
  },
  moderation: holds<ModerationOverview>()(['moderation']),
  musicSearch: (term: string) => holds<MusicSearchData>()(['music-search', term]),
  news: {
    root: ['news'] as const,
    list: holds<NewsList>()(['news', 'list']),
    article: (slug: string) => holds<{ article: NewsArticle }>()(['news', 'slug', slug]),
    manage: holds<ManagedNewsList>()(['news', 'manage']),
  },
  notifications: holds<NotificationList>()(['notifications']),
  nowPlaying: holds<NowPlaying>()(['nowPlaying']),
  presenterStats: holds<StatsData>()(['presenter-stats']),
  quizzes: {
    mentor: holds<{ quizzes: MentorQuiz[] }>()(['quizzes', 'mentor']),
    mine: holds<{ quizzes: TraineeQuiz[] }>()(['quizzes', 'mine']),
  },
  recordings: {
    root: ['recordings'] as const,
    list: (show: string | null) =>
      holds<InfiniteData<RecordingList, string | null>>()(['recordings', 'list', show ?? '']),
    shows: holds<RecordedShows>()(['recordings', 'shows']),
    manage: holds<ManagedRecordingList>()(['recordings', 'manage']),
  },
  reports: {
    root: ['reports'] as const,
    list: (status: 'open' | 'resolved' | 'dismissed' | 'all') =>
      holds<{ reports: Report[]; openCount: number }>()(['reports', status]),
  },
  requests: {
    settings: holds<RequestSettings>()(['request-settings']),
    root: ['requests'] as const,
    list: (status: RequestStatus | null, limit: number) =>
      holds<RequestListData>()(['requests', status ?? 'all', limit]),
  },
  roles: {
    list: holds<{ roles: Role[] }>()(['roles']),
    catalogue: holds<RoleCatalogue>()(['role-catalogue']),
    assignments: holds<{ assignments: RoleAssignment[] }>()(['role-assignments']),
  },
  schedule: holds<ScheduleData>()(['schedule']),
  settings: {
    root: ['settings'] as const,
    public: holds<PublicSettings>()(['settings', 'public']),
    presenterRules: holds<PresenterRules>()(['settings', 'presenter-rules']),
  },
  shop: {
    root: ['shop'] as const,
    catalogue: holds<ShopCatalogue>()(['shop', 'catalogue']),
    mine: holds<MyShop>()(['shop', 'me']),
    orderRoot: ['shop', 'order'] as const,
    order: (sessionId: string) => holds<z.infer<typeof MyOrder>>()(['shop', 'order', sessionId]),
    adminRoot: ['shop', 'admin'] as const,
    adminCatalogue: holds<z.infer<typeof AdminCatalogue>>()(['shop', 'admin', 'catalogue']),
    orders: holds<OrdersReport>()(['shop', 'admin', 'orders']),
    recipients: (q: string) => holds<z.infer<typeof RecipientList>>()(['shop', 'admin', 'recipients', q]),
  },
  songs: {
    root: ['songs'] as const,
    mostLikedRoot: ['songs', 'most-liked'] as const,
    ranked: (kind: 'most-liked' | 'most-played', q: string) => holds<{ songs: SongStat[] }>()(['songs', kind, q]),
  },
  staffPeople: (term: string) => holds<{ people: PersonRef[] }>()(['staff-people', term]),
  station: {
    status: holds<z.infer<typeof EngineStatus>>()(['station', 'status']),
    streamers: holds<{ streamers: StreamerAccount[] }>()(['station', 'streamers']),
    myCredentials: holds<z.infer<typeof MyCredentials>>()(['station', 'my-credentials']),
    myConnection: holds<MyConnection>()(['station', 'my-connection']),
  },
  streamers: {
    root: ['streamers'] as const,
    active: holds<{ streamers: RecognisedStreamer[] }>()(['streamers', 'active']),
    all: holds<{ streamers: RecognisedStreamer[]; twitch: TwitchStatus }>()(['streamers', 'all']),
  },
  support: {
    mine: holds<TicketList>()(['support', 'mine']),
    thread: (id: string) => holds<TicketThread>()(['support', 'ticket', id]),
    allRoot: ['support', 'all'] as const,
    all: (status: TicketStatusFilter) => holds<TicketList>()(['support', 'all', status]),
    staffThread: (id: string) => holds<TicketThread>()(['support', 'staff-ticket', id]),
  },
  team: holds<TeamData>()(['team']),
  trainingSessions: holds<{ sessions: TrainingSession[] }>()(['training-sessions']),
  users: holds<{ users: UserListItem[] }>()(['users']),
} as const;
