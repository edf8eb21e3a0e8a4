import type { Backup, BackupSchedule, BackupScheduleView } from '@shared/contracts/backups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';

/** The admin panel's backups: the list, "Back up now" and the schedule (admins only). */
export const backupsQueryKey = ['admin', 'backups'] as const;
export const backupScheduleQueryKey = ['admin', 'backup-schedule'] as const;

export const backupDownloadUrl = (id: string) => `/api/admin/backups/${encodeURIComponent(id)}`;

export function useBackups() {
  return useQuery({
    queryKey: backupsQueryKey,
    queryFn: async () => (await api.get<{ backups: Backup[] }>('/api/admin/backups')).backups,
  });
}

export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<{ backup: Backup }>('/api/admin/backups')).backup,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: backupsQueryKey }),
  });
}

export function useBackupSchedule() {
  return useQuery({
    queryKey: backupScheduleQueryKey,
    queryFn: () => api.get<BackupScheduleView>('/api/admin/backup-schedule'),
  });
}

export function useSaveBackupSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BackupSchedule) => api.put<BackupScheduleView>('/api/admin/backup-schedule', input),
    onSuccess: (view) => queryClient.setQueryData(backupScheduleQueryKey, view),
  });
}
