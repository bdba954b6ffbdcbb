import { authRequest } from '../../../lib/auth.ts';

/** PUT /api/progress/{id}/: where the customer stopped, so any phone resumes there. Best effort. */
export function saveProgress(videoId: number, position: number): void {
  authRequest('PUT', `/progress/${videoId}/`, { body: { position: Math.max(0, Math.round(position * 10) / 10) } }).catch(() => undefined);
}
