// Questions asking what sets two things apart, and the sections whose heading compares them: "SSR 和 SSG 我该选哪个？"
// is answered by SSR vs. SSG, "v-if 和 v-show 有什么不同" by `v-if` vs. `v-show`, though the sections on each thing
// alone say its name more often and the question's comparing word (区别, 違い, difference) is in neither heading.
import { partHeadings } from './reasons.ts';
import type { Section } from './types.ts';

/**
 * Words asking for a difference or a choice, in the languages the widget speaks. "different" alone is left out ("a
 * different color" asks for no comparison), as are 不同 before 的 (传递不同的值类型) and 还是 without a choice after it.
 * clauses.ts reads comparing more broadly (COMPARES: "different" alone, 分别) to cut a question into the things it
 * names; a lift of every hit's rank needs this narrower reading.
 */
const ASKS_DIFFERENCE =
  /\b(?:differences?|differ|differs|different (?:from|than)|how is (?:it|this|that) different|compared? (?:to|with)|comparison|versus|vs\.?|better than|worse than|which (?:one )?(?:is better|should i (?:use|pick|choose)))\b|区别|區別|差别|差別|差异|差異|对比|對比|比较|比較|不一样|不一樣|不同(?!的)|还是.{0,16}好|還是.{0,16}好|选哪|選哪|该用哪|該用哪|哪个好|哪個好|好在哪|違い|違う|比べ|どっち|どちら|차이|비교|다른가|다른 점/i;

/**
 * A heading that compares: "`v-if` vs. `v-show`", "How does it compare with other docs assistants?", 和 `<Transition>`
 * 的区别, 和 Mixin 的对比, 与其他模式的比较. "vs" is read lowercase, as a word before a space: "VS Code" is an editor.
 */
const COMPARING_HEADING = /(?<![\w-])vs\.?(?=\s)|\bversus\b|\bcompar(?:e|es|ed|ing|ison|isons)\b|\bdifferen(?:ce|ces)\b|\bdiffers?\b|区别|區別|差别|差異|差异|对比|對比|比较|比較|違い|차이|비교/;

export function asksDifference(question: string): boolean {
  return ASKS_DIFFERENCE.test(question);
}

/**
 * Whether the section's heading compares, or the heading it is part of (与其他模式的比较 › 和 Mixin 的对比); a page's
 * title only for its intro.
 */
export function headingCompares(section: Pick<Section, 'headingPath' | 'pageTitle'>): boolean {
  return partHeadings(section).some((heading) => COMPARING_HEADING.test(heading));
}

/** Others in general: other docs assistants, 其他模式 (other techniques), 他のツール. */
const OTHERS = /\bothers?\b|\balternatives?\b|其他|其它|他の|ほかの|다른/i;

/**
 * Whether the section compares the product with others in general (How does it compare with other docs assistants?,
 * 与其他模式的比较): what the docs say to a reader comparing it with something they never name.
 */
export function comparesWithOthers(section: Pick<Section, 'headingPath' | 'pageTitle'>): boolean {
  return partHeadings(section).some((heading) => COMPARING_HEADING.test(heading) && OTHERS.test(heading));
}
