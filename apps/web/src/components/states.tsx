import { useT } from '../lib/i18n.ts';

// Plain elements with the shell's classes (app/layout/shell.css): the home page shows these without
// loading MUI at all.

/** A failed load: the seed's message and a way to try again. */
export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="state">
      <p className="state-message">{message ?? t('states.error')}</p>
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
