/**
 * The confirmation a destructive action asks for (cancel a workflow, release a conversation): a
 * modal `<dialog>` opened with showModal, so the page behind is inert and the browser keeps focus
 * inside it. Focus starts on the safe choice, Enter there keeps things as they are, Escape closes
 * it as "no", and focus goes back to the button that opened it.
 */
import { h } from './dom';

export interface Confirmation {
  /** The question, the dialog's heading: "Cancel this workflow?". */
  title: string;
  /** What happens, in a sentence or two. */
  body: string;
  /** The destructive choice's label: "Cancel the workflow". */
  confirm: string;
  /** The safe choice's label: "Keep the workflow". */
  keep: string;
}

let shown = 0;

/** Asks; resolves true only when the person chose `confirm`. */
export function confirmAction(c: Confirmation): Promise<boolean> {
  shown += 1;
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const titleId = `confirm-title-${shown}`;
  const bodyId = `confirm-body-${shown}`;
  const keep = h('button', { type: 'button', class: 'secondary', value: 'keep' }, c.keep);
  const yes = h('button', { type: 'button', class: 'danger', value: 'confirm' }, c.confirm);
  const dialog = h('dialog', { class: 'confirm', 'aria-labelledby': titleId, 'aria-describedby': bodyId },
    h('h2', { id: titleId }, c.title),
    h('p', { id: bodyId }, c.body),
    h('div', { class: 'dialog-actions' }, keep, ' ', yes)) as HTMLDialogElement;
  return new Promise((resolve) => {
    let answer = false;
    keep.addEventListener('click', () => dialog.close());
    yes.addEventListener('click', () => {
      answer = true;
      dialog.close();
    });
    // Escape fires `cancel` and then closes the dialog: the answer stays "no".
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (opener?.isConnected) opener.focus();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    keep.focus();
  });
}
