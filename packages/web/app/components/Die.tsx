import type { CSSProperties } from 'react';
import { faceWord } from '../lib/selection.ts';

/** Pip positions on a 3×3 grid (1 = top-left … 9 = bottom-right) for each face. */
const PIPS: Record<number, number[]> = {
  1: [5],
  2: [3, 7],
  3: [3, 5, 7],
  4: [1, 3, 7, 9],
  5: [1, 3, 5, 7, 9],
  6: [1, 3, 4, 6, 7, 9],
};

/** Cube rotation that brings a face to the front (1 front, 6 back, 3 right, 4 left, 2 top, 5 bottom). */
const TURN: Record<number, string> = {
  1: 'rotateX(0deg) rotateY(0deg)',
  6: 'rotateX(0deg) rotateY(180deg)',
  3: 'rotateX(0deg) rotateY(-90deg)',
  4: 'rotateX(0deg) rotateY(90deg)',
  2: 'rotateX(-90deg) rotateY(0deg)',
  5: 'rotateX(90deg) rotateY(0deg)',
};

const SIDES: [number, string][] = [
  [1, 'front'],
  [6, 'back'],
  [3, 'right'],
  [4, 'left'],
  [2, 'top'],
  [5, 'bottom'],
];

function Face({ face, side }: { face: number; side: string }) {
  const pips = PIPS[face] ?? [];
  return (
    <span className={`face ${side}`} data-n={face}>
      {pips.map((p) => (
        <span key={p} className="pip" style={{ gridArea: `p${p}` }} />
      ))}
    </span>
  );
}

/** A CSS 3D die showing `face`; `spin` (a number that changes per roll) replays the tumble. */
export function Cube({ face, spin, size }: { face: number; spin: number; size?: 'small' }) {
  // Each roll starts from a different tumble so the dice do not move in lockstep.
  const style = {
    '--final': TURN[face],
    '--sx': `${540 + ((spin * 97 + face * 53) % 360)}deg`,
    '--sy': `${720 + ((spin * 61 + face * 29) % 360)}deg`,
    '--delay': `${(spin % 5) * 40}ms`,
    transform: TURN[face],
  } as CSSProperties;
  return (
    <span className={`cube-wrap ${size ?? ''}`} aria-hidden="true">
      <span key={spin} className={`cube ${spin > 0 ? 'rolling' : ''}`} style={style}>
        {SIDES.map(([f, side]) => (
          <Face key={side} face={f} side={side} />
        ))}
      </span>
    </span>
  );
}

/** A die of the roll in front of the player: a toggle button that announces its face. */
export function DieButton(props: {
  index: number;
  face: number;
  selected: boolean;
  /** Tapped while the dice tumble: chosen when they land (marked apart from a chosen die). */
  early?: boolean;
  disabled: boolean;
  spin: number;
  scoring: boolean;
  onToggle: (index: number) => void;
}) {
  const { index, face, selected, early = false, disabled, spin, scoring, onToggle } = props;
  const label = `Die ${index + 1}: ${faceWord(face)}${
    early ? ', chosen when the dice land' : selected ? ', selected' : ''
  }${scoring ? '' : ', does not score'}`;
  return (
    <button
      type="button"
      className={`die ${selected ? 'selected' : ''} ${early ? 'early' : ''} ${scoring ? '' : 'dud'}`}
      aria-pressed={selected}
      aria-label={label}
      disabled={disabled}
      onClick={() => onToggle(index)}
      data-face={face}
    >
      <Cube face={face} spin={spin} />
      <span className="die-key" aria-hidden="true">
        {index === 9 ? 0 : index + 1}
      </span>
      {selected && (
        <span className="die-check" aria-hidden="true">
          {early ? '…' : '✓'}
        </span>
      )}
    </button>
  );
}
