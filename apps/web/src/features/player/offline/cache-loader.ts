import type { Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';
import { readSaved } from './files.ts';

const newStats = (): LoaderStats => ({
  aborted: false,
  loaded: 0,
  retry: 0,
  total: 0,
  chunkCount: 0,
  bwEstimate: 0,
  loading: { start: 0, first: 0, end: 0 },
  parsing: { start: 0, end: 0 },
  buffering: { start: 0, first: 0, end: 0 },
});

/**
 * hls.js's loader for a saved video (its `loader` option): playlists and segments come from the
 * Cache API, never the network, so the video plays with no connection and with no service worker.
 */
export class SavedVideoLoader implements Loader<LoaderContext> {
  context: LoaderContext | null = null;
  stats: LoaderStats = newStats();
  private aborted = false;

  load(context: LoaderContext, _config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
    this.context = context;
    this.aborted = false;
    const stats = this.stats;
    stats.loading.start = performance.now();
    void (async () => {
      try {
        const res = await readSaved(context.url);
        if (this.aborted) return;
        if (!res) return callbacks.onError({ code: 404, text: 'Not saved on this phone' }, context, null, stats);
        const data = context.responseType === 'arraybuffer' ? await res.arrayBuffer() : await res.text();
        if (this.aborted) return;
        const size = typeof data === 'string' ? data.length : data.byteLength;
        stats.loading.first = stats.loading.end = performance.now();
        stats.loaded = stats.total = size;
        stats.chunkCount = 1;
        callbacks.onSuccess({ url: context.url, data }, stats, context, null);
      } catch (error) {
        if (!this.aborted) callbacks.onError({ code: 0, text: String(error) }, context, null, stats);
      }
    })();
  }

  abort(): void {
    this.aborted = true;
    this.stats.aborted = true;
  }

  destroy(): void {
    this.abort();
    this.context = null;
  }
}
