// The widget's strings in the languages it ships (`import { ja } from 'docs-assistant/locales'`, then
// `translations={ja}`); the script tag picks one from the page's <html lang> by itself (src/chat/locale.ts).
export { default as ja } from './ja.ts';
export { default as ko } from './ko.ts';
export { default as zhHans } from './zhHans.ts';
export { default as zhHant } from './zhHant.ts';
