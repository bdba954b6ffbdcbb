import fs from 'node:fs/promises';
import type { ProbeResult } from './ffmpeg.ts';

/** Why a source plays shorter than it is: kept with its renditions, shown to staff on the video's page. */
export interface EarlyEnd {
  /** The container declares more than decodes (an MP4, MKV or MOV cut short), or an MPEG-TS stops mid-packet. */
  reason: 'shorter_than_declared' | 'cut_mid_packet';
  /** What the file says it lasts; null for MPEG-TS, which declares no length. */
  declaredSeconds: number | null;
  /** What decodes, and so what customers get. */
  playableSeconds: number;
}

/** MPEG-TS packets are 188 bytes (192 in Blu-ray's M2TS, 204 with error correction). */
const TS_PACKET_SIZES = [188, 192, 204];

/**
 * Flags a source that ends early, as an upload or a copy cut off on the way does: what decodes is
 * short of what the container declares by more than a second (2 % of a long film, for rounding and
 * audio priming), or an MPEG-TS file, which declares no length, ends in the middle of a packet.
 */
export async function findEarlyEnd(file: string, source: Pick<ProbeResult, 'duration' | 'format'>, playableSeconds: number): Promise<EarlyEnd | null> {
  const slack = Math.max(1, source.duration * 0.02);
  if (playableSeconds < source.duration - slack) return { reason: 'shorter_than_declared', declaredSeconds: source.duration, playableSeconds };
  if (source.format.split(',').includes('mpegts')) {
    const { size } = await fs.stat(file);
    if (TS_PACKET_SIZES.every((p) => size % p !== 0)) return { reason: 'cut_mid_packet', declaredSeconds: null, playableSeconds };
  }
  return null;
}
