// The widget's defaults in one place: the component, its hook and the script tag's loader all read them
// here, so the three can never disagree (options.ts documents them for users).

/** Opens the dialog: Cmd+I on Apple platforms, Ctrl+I elsewhere. */
export const DEFAULT_SHORTCUT = 'mod+i';

/** Code blocks of the host page that get an "Ask AI" button. */
export const DEFAULT_CODE_BLOCKS = 'pre';

/** The API's base URL when none is given: the page's own origin ('' where there is no page: server rendering). */
export function defaultBaseUrl(): string {
  return typeof location === 'undefined' ? '' : location.origin;
}
