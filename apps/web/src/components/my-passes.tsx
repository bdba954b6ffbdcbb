import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import { Link } from 'react-router';
import type { CustomerPass, PassRenewal } from '@store/contract';
import { isLive, useMyPasses, useSetPassRenewal } from '../api/passes.ts';
import { formatKsh } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';
import { passLength, passScopeName } from './pass-words.ts';
import { PassTimeLeft } from './pass-time-left.tsx';
import './my-passes.css';

/**
 * Renewal, never without the customer's word (CONTRACT §14): one tap turns it on (a reminder, then one
 * M-Pesa prompt on the last day) or off; a standing order is the second choice, approved once with the PIN.
 */
function RenewalSwitch({ pass }: { pass: CustomerPass }) {
  const t = useT();
  const set = useSetPassRenewal();
  // What was asked shows at once; the list read again after the answer says what the server holds.
  const renewal: PassRenewal = set.isPending ? set.variables.renewal : pass.renewal;
  const change = (next: PassRenewal) => set.mutate({ id: pass.id, renewal: next });
  const on = renewal !== 'off';
  return (
    <div className="pass-renewal">
      <FormControlLabel
        control={<Switch checked={on} onChange={(e) => change(e.target.checked ? 'prompt' : 'off')} disabled={set.isPending} />}
        label={t('pass.renew', { amount: formatKsh(pass.price), length: passLength(t, pass.hours) })}
      />
      {on && (
        <RadioGroup value={renewal} onChange={(e) => change(e.target.value as PassRenewal)} aria-label={t('pass.renew_how')} className="pass-renewal-how">
          <FormControlLabel value="prompt" control={<Radio size="small" disabled={set.isPending} />} label={t('pass.renew_prompt')} />
          <FormControlLabel
            value="standing_order"
            control={<Radio size="small" disabled={set.isPending} />}
            label={
              <>
                {t('pass.renew_standing_order')}
                <span className="pass-renewal-note">{t('pass.renew_standing_order_note')}</span>
              </>
            }
          />
        </RadioGroup>
      )}
      {set.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {set.error.message || t('pass.renew_failed')}
        </Alert>
      )}
    </div>
  );
}

function PassRow({ pass }: { pass: CustomerPass }) {
  const t = useT();
  const live = isLive(pass);
  return (
    <li className="my-pass" data-testid="my-pass">
      <div className="my-pass-head">
        <strong>{pass.title}</strong>
        <span className={live ? 'my-pass-left' : 'my-pass-ended'}>
          <PassTimeLeft endsAt={pass.ends_at} />
        </span>
      </div>
      <div className="my-pass-scope">{passScopeName(t, pass.scope)}</div>
      {live ? (
        <RenewalSwitch pass={pass} />
      ) : (
        <Link className="my-pass-again" to="/passes">
          {t('pass.buy_again')}
        </Link>
      )}
    </li>
  );
}

/** The customer's passes with their time left and renewal: only the live ones (the Passes page), or all (the account). */
export function MyPasses({ liveOnly = false, heading }: { liveOnly?: boolean; heading?: string }) {
  const t = useT();
  const mine = useMyPasses();
  const passes = (mine.data ?? []).filter((p) => !liveOnly || isLive(p));
  if (liveOnly && passes.length === 0) return null;
  return (
    <section className="my-passes" aria-label={heading ?? t('pass.yours')}>
      {heading && <h2 className="my-passes-title">{heading}</h2>}
      {mine.isError ? (
        <Alert severity="error">{t('pass.mine_failed')}</Alert>
      ) : mine.isPending ? null : passes.length === 0 ? (
        <p className="state state-empty" role="status">
          {t('pass.none')} <Link to="/passes">{t('pass.see_passes')}</Link>
        </p>
      ) : (
        <ul className="my-passes-list" aria-label={t('pass.yours')}>
          {passes.map((p) => (
            <PassRow key={p.id} pass={p} />
          ))}
        </ul>
      )}
    </section>
  );
}
