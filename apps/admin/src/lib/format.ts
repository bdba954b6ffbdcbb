import { formatBytes } from '@store/contract';

/** A size, or a dash when it is not known. */
export const sizeOrDash = (n: number | null | undefined) => (n === null || n === undefined ? '—' : formatBytes(n));
