/**
 * Where the player will be while its details or its code arrive on a slow network: the poster once
 * the video's details are known, a spinner and what is happening, in words (plain elements, the
 * classes of app/layout/shell.css, so it paints before MUI and the player's code). Given `onPlay`, it
 * offers Play at once (issue 32 item 7): a tap is remembered and the video starts when the player has
 * arrived, so a customer on a slow phone is not left waiting for a button.
 */
export function PlayerWait({ poster, words, onPlay, playLabel }: { poster?: string | null; words: string; onPlay?: () => void; playLabel?: string }) {
  return (
    <div className="player-wait" role="status" aria-busy="true" style={poster ? { backgroundImage: `url("${poster}")` } : undefined}>
      {onPlay && (
        <button type="button" className="player-wait-play" aria-label={playLabel} onClick={onPlay}>
          <span aria-hidden="true" />
        </button>
      )}
      <span className="player-wait-state">
        <span className="player-wait-spinner" aria-hidden="true" />
        <span>{words}</span>
      </span>
    </div>
  );
}
