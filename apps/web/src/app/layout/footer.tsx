import { useT } from '../../lib/i18n.ts';

export function Footer() {
  const t = useT();
  return <footer className="app-footer">{t('footer.copyright')}</footer>;
}
