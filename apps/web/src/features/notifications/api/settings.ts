import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsInput } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';

const settingsKey = ['notification-settings'] as const;

/** GET /api/notifications/settings/: push and SMS per kind, and quiet hours (Nairobi time). */
export const useNotificationSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => authRequest<NotificationSettings>('GET', '/notifications/settings/', { signedInOnly: true }), staleTime: 0, retry: false });

/** PUT /api/notifications/settings/: the server's answer is the settings now. */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationSettingsInput) => authRequest<NotificationSettings>('PUT', '/notifications/settings/', { body: input }),
    onSuccess: (saved) => client.setQueryData(settingsKey, saved),
  });
}
