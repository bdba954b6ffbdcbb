/** The synopsis in the 'Similar to' list: 100 characters, then '[...]' (seed §9). */
export const truncateSynopsis = (text: string, max = 100) => (text.length > max ? `${text.slice(0, max)}[...]` : text);

// Dates as YYYY-MM-DD HH:mm:ss in Nairobi time: one formatDate for the storefront and the back office.
export { formatBytes, formatDate, formatKsh } from '@store/contract';

/** A stored 2547XXXXXXXX as a Kenyan types it: 07XXXXXXXX (empty when there is none). */
export const localPhone = (phone: string | null | undefined) => (phone ? phone.replace(/^254/, '0') : '');
