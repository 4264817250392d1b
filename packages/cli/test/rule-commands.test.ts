/** `zilch score`, `odds` and `rules` as a user runs them: a real process, its output and exit code. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preset } from '@zilch/engine';
import { runCli, root } from './run-cli.ts';

const zilch = (...args: string[]) => runCli(args);

/** Runs the CLI and parses its one line of JSON. */
async function json(...args: string[]): Promise<unknown> {
  const r = await zilch(...args);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

const dir = mkdtempSync(join(tmpdir(), 'zilch-cli-'));
const file = (name: string, content: string): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

describe('zilch score', () => {
  it.concurrent(
    'prints every distinct legal selection, best first, keep in ascending faces',
    async () => {
      expect(await json('score', '--json', '1', '2', '3', '4', '5', '5')).toEqual({
        rules: 'serendipity-creak',
        dice: [1, 2, 3, 4, 5, 5],
        zilch: false,
        best: { keep: [1, 2, 3, 4, 5, 5], points: 800 },
        options: [
          { keep: [1, 2, 3, 4, 5, 5], points: 800 },
          { keep: [1, 2, 3, 4, 5], points: 750 },
          { keep: [1, 5, 5], points: 200 },
          { keep: [1, 5], points: 150 },
          { keep: [1], points: 100 },
          { keep: [5, 5], points: 100 },
          { keep: [5], points: 50 },
        ],
      });
    },
  );

  it.concurrent('a zilch has no best and no options; --rules picks the preset', async () => {
    expect(await json('score', '--json', '2', '3', '4', '6', '6', '3')).toEqual({
      rules: 'serendipity-creak',
      dice: [2, 3, 4, 6, 6, 3],
      zilch: true,
      best: null,
      options: [],
    });
    expect(
      await json('score', '--rules', 'zilch-online', '--json', '2', '3', '4', '6', '6', '3'),
    ).toEqual({
      rules: 'zilch-online',
      dice: [2, 3, 4, 6, 6, 3],
      zilch: false,
      best: { keep: [2, 3, 3, 4, 6, 6], points: 500 },
      options: [{ keep: [2, 3, 3, 4, 6, 6], points: 500 }],
    });
  });

  it.concurrent('ten-dice takes ten dice', async () => {
    const r = (await json(
      'score',
      '-r',
      'ten-dice',
      '--json',
      ...'1 1 1 1 2 3 4 6 6 2'.split(' '),
    )) as {
      best: unknown;
    };
    expect(r.best).toEqual({ keep: [1, 1, 1, 1], points: 1100 });
  });

  it.concurrent('plain output marks the best selection', async () => {
    const r = await zilch('score', '2', '2', '3', '3', '4', '4');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1500\s+keep 2 2 3 3 4 4/);
    expect(r.stdout).toMatch(/best/);
  });
});

describe('zilch odds', () => {
  it.concurrent('the exact chance of a zilch for 1..N dice', async () => {
    expect(await json('odds', '--json')).toEqual({
      rules: 'serendipity-creak',
      zilch: [
        { dice: 1, fraction: '2/3', probability: 0.6667 },
        { dice: 2, fraction: '4/9', probability: 0.4444 },
        { dice: 3, fraction: '5/18', probability: 0.2778 },
        { dice: 4, fraction: '17/108', probability: 0.1574 },
        { dice: 5, fraction: '25/324', probability: 0.0772 },
        { dice: 6, fraction: '5/216', probability: 0.0231 },
      ],
    });
  });

  it.concurrent('without three pairs six dice zilch 5/162 of the time', async () => {
    const r = (await json('odds', '--rules', 'hot-dice', '--json')) as {
      rules: string;
      zilch: { dice: number; fraction: string; probability: number }[];
    };
    expect(r.rules).toBe('hot-dice');
    expect(r.zilch).toHaveLength(6);
    expect(r.zilch[5]).toEqual({ dice: 6, fraction: '5/162', probability: 0.0309 });
  });
});

describe('zilch rules', () => {
  it.concurrent('--list names every preset', async () => {
    const r = await zilch('rules', '--list');
    expect(r.code).toBe(0);
    for (const id of [
      'serendipity-creak',
      'classic',
      'hot-dice',
      'ten-dice',
      'zilch-online',
      'farkle-2017',
    ])
      expect(r.stdout).toContain(id);
  });

  it.concurrent(
    '--schema prints the shipped JSON Schema: no extra fields at any depth',
    async () => {
      const schema = (await json('rules', '--schema')) as {
        additionalProperties: boolean;
        properties: Record<string, unknown>;
      };
      const shipped = JSON.parse(readFileSync(join(root, 'docs/rules.schema.json'), 'utf8'));
      expect(schema).toEqual(shipped);
      expect(schema.additionalProperties).toBe(false);
      expect(JSON.stringify(schema.properties.twoTriplets)).toContain(
        '"additionalProperties":false',
      );
    },
  );

  it.concurrent('a preset in plain words, and as JSON', async () => {
    const r = await zilch('rules', 'classic');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Classic Zilch');
    expect(await json('rules', 'classic', '--json')).toEqual(preset('classic'));
  });
});

describe('bad input: a message on stderr naming the problem, exit code 2', () => {
  const cases: [string, string[], RegExp][] = [
    ['a die of 7', ['score', '1', '7'], /"7" is not a die/],
    ['nine dice in a six-dice game', ['score', ...'1 1 1 1 1 1 1 1 1'.split(' ')], /9 dice.*6/],
    ['an unknown preset', ['score', '--rules', 'yahtzee', '1'], /Unknown preset "yahtzee"/],
    ['an unknown preset for rules', ['rules', 'yahtzee'], /Unknown preset "yahtzee"/],
    ['an unknown preset for odds', ['odds', '-r', 'yahtzee'], /Unknown preset "yahtzee"/],
    ['no dice (an empty argument)', ['score', ''], /No dice given/],
    ['no dice (a comma)', ['score', ','], /No dice given/],
    ['no dice (a space)', ['score', ' '], /No dice given/],
    [
      'a blank argument beside dice',
      ['score', '1', '', '5'],
      /Argument 2 of the dice names no die \(""\): give every die's face/,
    ],
    ['a comma alone beside dice', ['score', '1', '5', ','], /Argument 3 of the dice names no die/],
    [
      'a missing rules file',
      ['odds', '--rules-file', join(dir, 'none.json')],
      /Cannot read rules file/,
    ],
  ];
  for (const [what, args, message] of cases) {
    it.concurrent(what, async () => {
      const r = await zilch(...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
    });
  }

  it.concurrent('an invalid rules file names the bad field', async () => {
    const bad = file('bad.json', JSON.stringify({ ...preset('classic'), target: 10_001 }));
    const r = await zilch('score', '--rules-file', bad, '1');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.json/);
    expect(r.stderr).toMatch(/target: points must be a multiple of 50/);
    const notJson = file('not.json', '{ dice: 6');
    const r2 = await zilch('odds', '--rules-file', notJson);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/Cannot read rules file/);
  });
});

describe('rules files as people write them', () => {
  it.concurrent('a misspelled field is an error naming it and the real field', async () => {
    const { bankMinimum, ...rest } = preset('zilch-online');
    const path = file('typo.json', JSON.stringify({ ...rest, bankMinimun: bankMinimum }));
    const r = await zilch('score', '--rules-file', path, '1');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bankMinimun: not a rule set field (did you mean "bankMinimum"?)');
    expect(r.stderr).toContain('bankMinimum: missing');
  });

  it.concurrent('a misspelled field inside an object is an error naming the real one', async () => {
    const typo = { ...preset('classic'), twoTriplets: { points: 2500, sixofakind: true } };
    const r = await zilch('score', '--rules-file', file('nested.json', JSON.stringify(typo)), '1');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'twoTriplets.sixofakind: not a field of twoTriplets (did you mean "sixOfAKind"?)',
    );
  });

  it.concurrent('a first-roll mercy of 0 is refused; null turns the mercy off', async () => {
    const zero = { ...preset('classic'), firstRollMercy: { points: 0 } };
    const r = await zilch('odds', '--rules-file', file('mercy0.json', JSON.stringify(zero)));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('firstRollMercy.points: the mercy must be at least 50 points');
    const off = { ...preset('classic'), firstRollMercy: null };
    const ok = await zilch('odds', '--rules-file', file('mercy-off.json', JSON.stringify(off)));
    expect(ok.code, ok.stderr).toBe(0);
  });

  it.concurrent('one die in play: "1 die", never "1 dice"', async () => {
    const one = { ...preset('farkle-2017'), dice: 1, ofAKind: [[], [], [], [], [], []] };
    const path = file('one-die.json', JSON.stringify(one));
    const odds = await zilch('odds', '--rules-file', path);
    expect(odds.code, odds.stderr).toBe(0);
    expect(odds.stdout).toMatch(/^ {2}1 die {3}/m);
    expect(odds.stdout).not.toContain('1 dice');
    const two = await zilch('score', '--rules-file', path, '1', '5');
    expect(two.code).toBe(2);
    expect(two.stderr).toContain(
      '2 dice given, but Farkle (Busche & Neller 2017) plays with 1 die.',
    );
  });

  it.concurrent('a missing nullable field says to write null', async () => {
    const { zilchPenalty: _, ...rest } = preset('classic');
    const r = await zilch('odds', '--rules-file', file('no-penalty.json', JSON.stringify(rest)));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('zilchPenalty: missing (write null for none)');
    expect(r.stderr).not.toMatch(/received undefined/);
  });

  it.concurrent('a UTF-8 byte-order mark (Windows editors) is accepted', async () => {
    const path = file('bom.json', `\uFEFF${JSON.stringify(preset('classic'))}`);
    expect(await json('score', '--rules-file', path, '--json', '5')).toMatchObject({
      rules: 'Classic Zilch',
      best: { keep: [5], points: 50 },
    });
  });

  it.concurrent('control characters in a name are shown escaped, never sent raw', async () => {
    const name = 'Red\u001b[31m\u009b2J\u202eX';
    const path = file('ansi.json', JSON.stringify({ ...preset('classic'), name }));
    const text = await zilch('score', '--rules-file', path, '5');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('(Red\\x1b[31m\\x9b2J\\u{202e}X)');
    const rules = await zilch('rules', '--rules-file', path);
    expect(rules.stdout).toContain('Red\\x1b[31m');
    const raw = await zilch('score', '--rules-file', path, '--json', '5');
    // The name's own sequences never reach the terminal raw (the CLI's styling may add its own
    // escapes when colours are on, as they are under CI=true).
    for (const out of [text.stdout, rules.stdout, raw.stdout])
      for (const c of ['\u001b[31m', '\u009b', '\u202e']) expect(out).not.toContain(c);
    expect(raw.stdout).not.toContain('\u001b');
    expect((JSON.parse(raw.stdout) as { rules: string }).rules).toBe(name);
  });

  it.concurrent('a rules file over 1 MB is refused without being read whole', async () => {
    const big = JSON.stringify({ ...preset('classic'), padding: 'x'.repeat(2 * 1024 * 1024) });
    const r = await zilch('odds', '--rules-file', file('big.json', big));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/larger than 1 MB/);
  });
});

describe('house rules in a rules file', () => {
  const house = {
    ...preset('classic'),
    name: 'Ten rounds, no ties',
    keepSetsWhole: true,
    bonusFloor: true,
    twoTriplets: { points: 2500, sixOfAKind: true },
    ties: 'play-off',
    rounds: 10,
  };

  it.concurrent('score plays them, rules says them, solve refuses the play-off', async () => {
    const path = file('house-rules.json', JSON.stringify(house));
    const scored = (await json('score', '--rules-file', path, '--json', ...'111523'.split(''))) as {
      options: { keep: number[] }[];
    };
    // The three 1s are kept whole: no lone 1, no pair of 1s.
    expect(scored.options.map((o) => o.keep)).toEqual([[1, 1, 1, 5], [1, 1, 1], [5]]);
    const six = (await json('score', '--rules-file', path, '--json', ...'222222'.split(''))) as {
      best: unknown;
    };
    expect(six.best).toEqual({ keep: [2, 2, 2, 2, 2, 2], points: 2500 });
    const text = await zilch('rules', '--rules-file', path);
    expect(text.stdout).toContain('The game lasts 10 rounds');
    expect(text.stdout).toContain('keeping any die of that face means keeping all of them');
    expect(text.stdout).toContain('six of one face counts as two triplets too');
    const solved = await zilch('solve', '--rules-file', path, '--json');
    expect(solved.code).toBe(2);
    expect(JSON.parse(solved.stdout)).toMatchObject({ ok: false, code: 'UNSUPPORTED_RULES' });
  });
});

describe('--rules-file', () => {
  it.concurrent('a shipped example file plays as its preset', async () => {
    const path = join(root, 'examples/rules/classic.json');
    expect(
      await json('score', '--rules-file', path, '--json', '2', '2', '2', '5', '5', '5'),
    ).toEqual({
      rules: 'Classic Zilch',
      dice: [2, 2, 2, 5, 5, 5],
      zilch: false,
      best: { keep: [2, 2, 2, 5, 5, 5], points: 2500 },
      options: expect.arrayContaining([{ keep: [2, 2, 2], points: 200 }]) as unknown,
    });
  });

  it.concurrent('scores, gives odds and describes a house rule set', async () => {
    const house = {
      ...preset('serendipity-creak'),
      name: 'Our kitchen table',
      straights: [],
      threePairs: null,
    };
    const path = file('house.json', JSON.stringify(house));
    expect(
      await json('score', '--rules-file', path, '--json', '2', '2', '3', '3', '4', '4'),
    ).toEqual({
      rules: 'Our kitchen table',
      dice: [2, 2, 3, 3, 4, 4],
      zilch: true,
      best: null,
      options: [],
    });
    const odds = (await json('odds', '--rules-file', path, '--json')) as {
      zilch: { fraction: string }[];
    };
    expect(odds.zilch[5]!.fraction).toBe('5/162');
    const r = await zilch('rules', '--rules-file', path);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Our kitchen table');
  });
});
