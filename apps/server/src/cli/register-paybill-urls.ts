import { loadStoreConfig } from '../config.ts';
import { registerPaybillUrls } from '../modules/payments/index.ts';

/**
 * `npm run mpesa:register-urls`: tells Daraja (C2B RegisterURL) where the paybill's payments are
 * confirmed, so standing order deductions reach the store (decision 0050). Once per shortcode and
 * address; production keeps the first URLs registered until Safaricom changes them.
 */
async function main() {
  const config = loadStoreConfig();
  if (config.mpesa.mode === 'simulator') {
    console.log('mpesa:register-urls: nothing to do; the simulator is given the store’s addresses when it starts.');
    return;
  }
  const urls = await registerPaybillUrls(config);
  console.log(`mpesa:register-urls: M-Pesa (${config.mpesa.mode}) confirms shortcode ${config.mpesa.shortcode}'s payments at ${urls.confirmationUrl.replace(config.mpesa.c2bSecret, '<MPESA_C2B_SECRET>')}.`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
