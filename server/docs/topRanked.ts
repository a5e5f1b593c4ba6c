// The best few of many scored documents without sorting them all: a question with a common word can
// touch tens of thousands of sections, and only the first `retrievalPageSize` (after the per-page cap) matter.

export interface TopDocuments {
  /** Consider one document (its score read from the shared scores array). */
  offer(document: number): void;
  /** The kept documents, best first (ties: lower document first). */
  sorted(): number[];
}

/** Keeps the `size` best documents by `scores[document]` in a min-heap: its root is the one a better document replaces. */
export function topDocuments(scores: Float64Array, size: number): TopDocuments {
  const heap: number[] = [];
  const worse = (a: number, b: number) => (scores[a] as number) < (scores[b] as number) || ((scores[a] as number) === (scores[b] as number) && a > b);

  function swap(a: number, b: number): void {
    const kept = heap[a] as number;
    heap[a] = heap[b] as number;
    heap[b] = kept;
  }

  function siftUp(start: number): void {
    let child = start;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!worse(heap[child] as number, heap[parent] as number)) return;
      swap(child, parent);
      child = parent;
    }
  }

  function siftDown(): void {
    let parent = 0;
    for (;;) {
      const left = parent * 2 + 1;
      const right = left + 1;
      let smallest = parent;
      if (left < heap.length && worse(heap[left] as number, heap[smallest] as number)) smallest = left;
      if (right < heap.length && worse(heap[right] as number, heap[smallest] as number)) smallest = right;
      if (smallest === parent) return;
      swap(parent, smallest);
      parent = smallest;
    }
  }

  // The root's score once the heap is full: most of a common word's thousands of documents fall below it,
  // and are turned away by one comparison.
  let floor = -Infinity;
  return {
    offer(document) {
      if (size <= 0 || (scores[document] as number) < floor) return;
      if (heap.length < size) {
        heap.push(document);
        siftUp(heap.length - 1);
      } else if (worse(heap[0] as number, document)) {
        heap[0] = document;
        siftDown();
      } else return;
      if (heap.length === size) floor = scores[heap[0] as number] as number;
    },
    sorted() {
      return heap.toSorted((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
    },
  };
}
