/**
 * Where the player will be while its details or its code arrive on a slow network: the poster once
 * the video's details are known, a spinner and what is happening, in words (plain elements, the
 * classes of app/layout/shell.css, so it paints before MUI and the player's code).
 */
export function PlayerWait({ poster, words }: { poster?: string | null; words: string }) {
  return (
    <div className="player-wait" role="status" aria-busy="true" style={poster ? { backgroundImage: `url("${poster}")` } : undefined}>
      <span className="player-wait-state">
        <span className="player-wait-spinner" aria-hidden="true" />
        <span>{words}</span>
      </span>
    </div>
  );
}
