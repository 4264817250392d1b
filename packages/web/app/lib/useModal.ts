import { useEffect, useRef } from 'react';

/**
 * A modal `<dialog>` shown while `open` (showModal: focus stays inside, Escape cancels), with
 * `onShow` called as it opens to put the focus where the user starts.
 */
export function useModal(open: boolean, onShow: (d: HTMLDialogElement) => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const show = useRef(onShow);
  show.current = onShow;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      show.current(d);
    } else if (!open && d.open) d.close();
  }, [open]);
  return ref;
}
