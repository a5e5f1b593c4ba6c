// The script tag's launcher (src/embed/launcher.css, in embed.js before the chat loads) repeats the
// accent colours of src/styles/tokens.css, which the component's launcher reads: CSS cannot import them
// from one module, so this keeps the two from drifting apart.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const tokens = readFileSync('src/styles/tokens.css', 'utf8');
const launcher = readFileSync('src/embed/launcher.css', 'utf8');

/** The light and dark defaults of a token: `light-dark(#light, #dark)`. */
function tokenDefaults(name: string): [string, string] {
  const match = tokens.match(new RegExp(`--docs-assistant-${name}, light-dark\\((#[0-9a-f]+), (#[0-9a-f]+)\\)`));
  if (!match) throw new Error(`no light-dark() default for --docs-assistant-${name} in tokens.css`);
  return [match[1]!, match[2]!];
}

/** Every value the launcher's CSS gives one of its colour variables, in order (light first, then dark). */
function launcherValues(variable: string): string[] {
  return [...launcher.matchAll(new RegExp(`${variable}: (#[0-9a-f]+);`, 'g'))].map((match) => match[1]!);
}

const expandShortHex = (color: string) => (color.length === 4 ? color.replace(/[0-9a-f]/g, '$&$&') : color);

describe('given the two launchers', () => {
  it('draws the script tag one in the accent colours of the tokens, light and dark', () => {
    const [accentLight, accentDark] = tokenDefaults('accent');
    const [contrastLight, contrastDark] = tokenDefaults('accent-contrast');
    // Light, then dark twice: the `.dark` class and `.auto` under prefers-color-scheme: dark.
    expect(launcherValues('--bg').map(expandShortHex)).toEqual([accentLight, accentDark, accentDark]);
    expect(launcherValues('--fg').map(expandShortHex)).toEqual([contrastLight, contrastDark, contrastDark]);
  });
});
