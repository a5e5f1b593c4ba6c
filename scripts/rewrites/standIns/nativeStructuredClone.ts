// Stands in for @ungap/structured-clone (a structuredClone polyfill that react-markdown's mdast-to-hast
// step imports) in the script-tag build: every browser the widget supports has structuredClone, and
// the markdown trees it clones are plain data.
export default function clone<Value>(value: Value): Value {
  return structuredClone(value);
}
