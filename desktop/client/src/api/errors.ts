import type { Translate } from '../i18n';
import { ApiError, NetworkError } from './client';

/** The text to show for a failed request: the server's message, or a translated fallback. */
export function errorText(err: unknown, t: Translate): string {
  if (err instanceof NetworkError) return t('error.network');
  if (err instanceof ApiError) return err.message || t('error.unexpected', { status: err.status });
  return err instanceof Error && err.message ? err.message : t('app.error');
}
