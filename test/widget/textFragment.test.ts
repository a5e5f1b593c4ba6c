import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withTextFragment } from '../../src/chat/textFragment.ts';

describe('given a browser that supports text fragments', () => {
  beforeEach(() => Object.defineProperty(document, 'fragmentDirective', { value: {}, configurable: true }));
  afterEach(() => Reflect.deleteProperty(document, 'fragmentDirective'));

  it("links a source to the first words it quoted, never past an ellipsis, where the quote leaves out the page's text", () => {
    const english = '**[Theming › Colors](/theming#colors)**\n\nThe launcher uses … the accent color unless you set one.';
    expect(decodeURIComponent(withTextFragment('/theming#colors', english))).toBe('/theming#colors:~:text=The launcher uses');
    const chinese = '**[提供注入 › Prop 逐级透传](/guide/provide-inject#prop-drilling)**\n\n在这种情况下，如果仅使用组件链逐级传递下去，这会非常麻烦：…注意，这里的组件可能根本不关心这些。';
    expect(decodeURIComponent(withTextFragment('/guide/provide-inject#prop-drilling', chinese))).toBe('/guide/provide-inject#prop-drilling:~:text=在这种情况下，如果仅使用组件链逐级传递下去，这会非常麻烦：');
  });
});
