/**
 * The HLS playlists of a saved video. The server's playlists carry signed addresses that expire in
 * hours; a saved copy is kept under stable names instead (video, rung, segment index), and its
 * playlists are rewritten to point at them.
 */

/** The address of one rung's playlist in the master playlist, by its NAME ("240p"), else by its height. */
export function findRungPlaylist(master: string, rung: { name: string; height: number }): string | null {
  const lines = master.split('\n').map((l) => l.trim());
  let fallback: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const uri = lines.slice(i + 1).find((l) => l && !l.startsWith('#'));
    if (!uri) continue;
    if (line.includes(`NAME="${rung.name}"`)) return uri;
    const height = /RESOLUTION=\d+x(\d+)/.exec(line)?.[1];
    if (fallback === null && Number(height) === rung.height) fallback = uri;
  }
  return fallback;
}

export interface SavedFile {
  /** Where to fetch it now (as the playlist says: signed, relative or absolute). */
  uri: string;
  /** Its stable name in the saved copy: 'init.mp4', 'seg-0.m4s', 'seg-1.m4s', … */
  name: string;
}

/**
 * One rung's playlist rewritten for the saved copy: its init file and its segments under stable
 * names, in order, with the files to fetch.
 */
export function rewriteRungPlaylist(playlist: string): { playlist: string; files: SavedFile[] } {
  const files: SavedFile[] = [];
  let segment = 0;
  const lines = playlist.split('\n').map((raw) => {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MAP:')) {
      const uri = /URI="([^"]+)"/.exec(line)?.[1];
      if (!uri) return line;
      const name = 'init.mp4';
      files.push({ uri, name });
      return line.replace(`URI="${uri}"`, `URI="${name}"`);
    }
    if (!line || line.startsWith('#')) return line;
    const name = `seg-${segment++}.m4s`;
    files.push({ uri: line, name });
    return name;
  });
  return { playlist: lines.join('\n'), files };
}

/** A master playlist with the one saved rung. */
export function savedMasterPlaylist(rung: { name: string; height: number; bandwidth: number }): string {
  return ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS', `#EXT-X-STREAM-INF:BANDWIDTH=${rung.bandwidth},NAME="${rung.name}"`, `${rung.name}/index.m3u8`, ''].join('\n');
}
