import { useT } from '../lib/i18n.ts';
import { useOnline } from '../pwa/use-online.ts';

// Plain elements with the shell's classes (app/layout/shell.css): the home page shows these without
// loading MUI at all.

/**
 * A failed load: the seed's message and a way to try again. With no network (the browser says so,
 * or the screen's code could not be fetched) it says that this needs a connection instead.
 */
export function ErrorState({ message, onRetry, offline = false }: { message?: string; onRetry?: () => void; offline?: boolean }) {
  const t = useT();
  const online = useOnline();
  return (
    <div role="alert" className="state">
      <p className="state-message">{offline || !online ? t('states.needs_connection') : (message ?? t('states.error'))}</p>
      {onRetry && (
        <button type="button" className="btn btn-outlined" onClick={onRetry}>
          {t('states.try_again')}
        </button>
      )}
    </div>
  );
}

export function EmptyState({ message }: { message: string }) {
  return (
    <p className="state state-empty" role="status">
      {message}
    </p>
  );
}
