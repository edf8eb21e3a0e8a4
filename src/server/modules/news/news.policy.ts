import type { EffectiveAccess } from '../../../shared/permissions';

/**
 * Who may do what in news management (the product says no more than "admin or news reporter"; the
 * permission catalogue has create_news, edit_own_news, publish_news and manage_news):
 * - manage_news (and admins): edit, delete, publish and feature every article;
 * - create_news: write new articles;
 * - edit_own_news: edit and delete one's own articles;
 * - publish_news: publish, unpublish, feature and unfeature one's own articles (every article with
 *   manage_news);
 * - a news reporter (profile role, or the assigned role of that name) holds the first three: they write,
 *   edit, delete, publish and feature their own articles, and see the others' read-only.
 */
export interface NewsRights {
  manageAll: boolean;
  create: boolean;
  editOwn: boolean;
  publish: boolean;
}

export function newsRightsOf(access: EffectiveAccess): NewsRights {
  const reporter = access.roles.includes('news_reporter');
  const has = (p: string) => access.isAdmin || (access.permissions as string[]).includes(p);
  const manageAll = has('manage_news');
  return {
    manageAll,
    create: manageAll || reporter || has('create_news'),
    editOwn: manageAll || reporter || has('edit_own_news'),
    publish: manageAll || reporter || has('publish_news'),
  };
}

type Owned = { authorId: string | null };

export const canEditArticle = (r: NewsRights, actorId: string, a: Owned) =>
  r.manageAll || (r.editOwn && a.authorId === actorId);

export const canPublishArticle = (r: NewsRights, actorId: string, a: Owned) =>
  r.publish && (r.manageAll || a.authorId === actorId);
