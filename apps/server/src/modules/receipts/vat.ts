/** VAT at 16% inside every price (KRA tax type B): a price of 116 holds 100 taxable and 16 VAT. */
export const VAT_PERCENT = 16;

export interface VatLine {
  /** Whole Ksh, VAT included (a credit note's lines as positive amounts). */
  amount: number;
  /**
   * Cents of VAT already fixed for this line: a credit note's line gives back the VAT its invoice
   * line had (issue 32 #20), so the credit notes of a whole invoice add up to its VAT to the cent.
   */
  vat?: number | undefined;
}

export interface VatSplit {
  /** Cents of VAT in each line, in the order given. */
  lines: number[];
  /** Cents of VAT in the whole receipt: the lines add up to it exactly. */
  vat: number;
  /** Cents of the whole receipt (VAT included) and without VAT. */
  total: number;
  net: number;
}

/**
 * Splits the VAT of a receipt across its lines to the cent. The receipt's VAT is its total's
 * (total x 16/116, rounded half up), and each line gets its own share rounded down plus one of the
 * cents left over, given to the lines whose share lost most to rounding (largest remainder, ties
 * to the earlier line). So the lines always add up to the receipt and each line is within a cent
 * of its exact share: rounding each line alone loses or invents cents across a cart (three lines
 * of Ksh 7 are 0.9655... each: 0.97 x 3 = 2.91, but Ksh 21 holds 2.90).
 */
export function splitVat(lines: readonly VatLine[]): VatSplit {
  if (lines.some((l) => l.vat !== undefined)) return withFixedVat(lines);
  const cents = lines.map((l) => l.amount * 100);
  const total = cents.reduce((a, b) => a + b, 0);
  // Integers only: c x 16 / 116, half up = floor((2 x c x 16 + 116) / 232).
  const vat = Math.floor((2 * total * VAT_PERCENT + 100 + VAT_PERCENT) / (2 * (100 + VAT_PERCENT)));
  const shares = cents.map((c, i) => ({ i, floor: Math.floor((c * VAT_PERCENT) / (100 + VAT_PERCENT)), rem: (c * VAT_PERCENT) % (100 + VAT_PERCENT) }));
  let left = vat - shares.reduce((a, s) => a + s.floor, 0);
  const out = shares.map((s) => s.floor);
  for (const s of [...shares].sort((a, b) => b.rem - a.rem || a.i - b.i)) {
    if (left <= 0) break;
    out[s.i]! += 1;
    left -= 1;
  }
  return { lines: out, vat, total, net: total - vat };
}

/**
 * A receipt some of whose lines carry their VAT already (a credit note's, as their invoice lines had
 * it): those keep it, the others are split among themselves as above, and the receipt's VAT is the
 * sum of its lines. Each line stays within a cent of its exact share.
 */
function withFixedVat(lines: readonly VatLine[]): VatSplit {
  const free = lines.flatMap((l, i) => (l.vat === undefined ? [i] : []));
  const rest = free.length > 0 ? splitVat(free.map((i) => ({ amount: lines[i]!.amount }))).lines : [];
  const out = lines.map((l) => l.vat ?? 0);
  free.forEach((i, k) => (out[i] = rest[k]!));
  const total = lines.reduce((a, l) => a + l.amount * 100, 0);
  const vat = out.reduce((a, b) => a + b, 0);
  return { lines: out, vat, total, net: total - vat };
}

/** Cents as KRA's decimal amounts (18,2) and the receipt's: 1234 -> 12.34. */
export const fromCents = (cents: number) => Math.round(cents) / 100;
