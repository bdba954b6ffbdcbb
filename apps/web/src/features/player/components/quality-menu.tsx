import { Menu, RadioGroup, useMediaState, useVideoQualityOptions } from '@vidstack/react';
import { DefaultMenuButton, defaultLayoutIcons } from '@vidstack/react/player/layouts/default';
import type { Rendition } from '@store/contract';
import { useT } from '../../../lib/i18n.ts';
import { mbPerHour } from '../offline/data.ts';
import { rememberQuality, type QualityChoice } from './quality-preference.ts';

/** The rung of the ladder a quality of the player is (matched by height; an odd source can be a line off). */
export const renditionFor = (renditions: Rendition[], height: number) =>
  renditions.reduce<Rendition | undefined>((best, r) => (Math.abs(r.height - height) <= 2 && (!best || Math.abs(r.height - height) < Math.abs(best.height - height)) ? r : best), undefined);

const AUTO: QualityChoice = 'auto';

/** How a rung is said in the menu: 'Data saver · about 65 MB per hour', '720p · about 900 MB per hour'. */
export function useRungLabel() {
  const t = useT();
  return (r: Pick<Rendition, 'name' | 'bandwidth' | 'data_saver'>) => t('player.rung', { name: r.data_saver ? t('player.data_saver') : r.name, mb: mbPerHour(r.bandwidth) });
}

/**
 * The player's quality menu, in the settings menu in place of Vidstack's own (which says '240p
 * (0.17 Mbps)'): each rung with what an hour of it costs in MB, from the rung sizes the server measured.
 * The rung the player chose for the customer (`pinnedHeight`: hls.js holds it, Vidstack's list still
 * says automatic) shows as chosen; only the customer's own choice here is remembered on this device.
 */
export function QualityMenu({ renditions, pinnedHeight, onChoose }: { renditions: Rendition[]; pinnedHeight: number | null; onChoose: (choice: QualityChoice) => void }) {
  const t = useT();
  const label = useRungLabel();
  const options = useVideoQualityOptions({ auto: t('player.quality_auto') });
  const canSet = useMediaState('canSetQuality');
  if (!canSet || options.length <= 2 || options.disabled) return null;
  const Icons = defaultLayoutIcons.Menu;
  const pinned = pinnedHeight === null ? undefined : options.find((o) => o.quality?.height === pinnedHeight);
  const chosen = options.selectedValue === 'auto' && pinned ? pinned.value : options.selectedValue;
  return (
    <Menu.Root className="vds-quality-menu vds-menu store-quality-menu">
      <DefaultMenuButton label={t('player.quality')} Icon={Icons.QualityUp} />
      <Menu.Items className="vds-menu-items">
        <RadioGroup.Root className="vds-quality-radio-group vds-radio-group" value={chosen}>
          {options.map(({ quality, label: fallback, value, select }) => {
            const rung = quality ? renditionFor(renditions, quality.height) : undefined;
            const choose = () => {
              const choice: QualityChoice = quality?.height ?? AUTO;
              select();
              rememberQuality(choice);
              onChoose(choice);
            };
            return (
              <RadioGroup.Item className="vds-quality-radio vds-radio" value={value} onSelect={choose} key={value}>
                <Icons.RadioCheck className="vds-icon" />
                <span className="vds-radio-label">{rung ? label(rung) : fallback}</span>
              </RadioGroup.Item>
            );
          })}
        </RadioGroup.Root>
      </Menu.Items>
    </Menu.Root>
  );
}
