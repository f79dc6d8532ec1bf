/**
 * A date and a time typed as the partner's people write them, dd/mm/yyyy and HH:MM (24-hour), on
 * the tenant's clock (time.ts), in place of the browser's datetime-local picker, whose format and
 * zone are the browser's own. Two text fields in a fieldset whose legend names the zone; a field
 * that does not read is marked invalid, the error is said in words beside it (and announced), and
 * focus goes to it.
 */
import { h } from './dom';
import { fieldsOf, readTyped, timeZone, zoneName } from './time';

export interface DateField {
  element: HTMLElement;
  /** The UTC ISO instant typed, or null after showing what is wrong. */
  read(): string | null;
}

let made = 0;

/** `legend`: what the time is for ("New deadline"); `initial`: an ISO time to start from. */
export function dateField(name: string, legend: string, initial: string | null = null): DateField {
  made += 1;
  const errorId = `${name}-error-${made}`;
  const hintId = `${name}-hint-${made}`;
  const [date0, time0] = initial ? fieldsOf(initial) : ['', ''];
  const input = (field: string, label: string, value: string, pattern: string, size: string, placeholder: string) => h('label', {},
    label,
    h('input', {
      name: `${name}_${field}`, type: 'text', inputmode: 'numeric', autocomplete: 'off', value, pattern, size, placeholder,
      required: true, 'aria-describedby': `${hintId} ${errorId}`,
    }));
  const dateLabel = input('date', 'Date (dd/mm/yyyy)', date0, '\\d{1,2}/\\d{1,2}/\\d{4}', '10', 'dd/mm/yyyy');
  const timeLabel = input('time', 'Time (HH:MM, 24-hour)', time0, '([01]?\\d|2[0-3]):[0-5]\\d', '5', 'HH:MM');
  const dateInput = dateLabel.querySelector('input') as HTMLInputElement;
  const timeInput = timeLabel.querySelector('input') as HTMLInputElement;
  const error = h('p', { class: 'error field-error', id: errorId, role: 'alert' });
  const zone = timeZone();
  const element = h('fieldset', { class: 'date-field' },
    h('legend', {}, `${legend} (${zone}, ${zoneName(Date.now(), zone)})`),
    dateLabel, timeLabel,
    h('p', { class: 'hint', id: hintId }, `In the tenant's time zone, ${zone}.`),
    error);
  return {
    element,
    read() {
      dateInput.removeAttribute('aria-invalid');
      timeInput.removeAttribute('aria-invalid');
      const typed = readTyped(dateInput.value, timeInput.value, zone);
      if ('iso' in typed) {
        error.replaceChildren();
        return typed.iso;
      }
      const wrong = typed.field === 'date' ? dateInput : timeInput;
      wrong.setAttribute('aria-invalid', 'true');
      error.replaceChildren(typed.error);
      wrong.focus();
      return null;
    },
  };
}
