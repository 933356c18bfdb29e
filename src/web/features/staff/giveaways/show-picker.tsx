// Staff pick the show a giveaway belongs to by its title and Los Angeles date, never by a number:
// an editable combobox (the WAI-ARIA combobox pattern with a list) that filters as they type.
// Arrow keys move through the list, Enter picks, Escape closes it (or clears the typing).
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { cx } from '../../../ui/cx';
import { inputStyles } from '../../../ui/text-field';
import { useStaffShows } from '../queries';
import { filterChoices, showChoices, type ShowChoice } from './show-choices';

type ShowPickerProps = {
  /** The chosen show's id; null for none. */
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  hint?: string;
};

const NONE: ShowChoice = { id: 0, title: 'No show', when: 'The giveaway stands on its own', status: 'upcoming' };

export function ShowPicker({ value, onChange, error, hint }: ShowPickerProps) {
  const id = useId();
  const live = useStaffShows('live', 'show').data;
  const upcoming = useStaffShows('upcoming', 'show').data;
  const past = useStaffShows('past', 'show').data;
  const choices = useMemo(
    () => showChoices([...(live ?? []), ...(upcoming ?? []), ...(past ?? [])], new Date(), value),
    [live, upcoming, past, value],
  );
  const chosen = choices.find((choice) => choice.id === value) ?? null;
  const [typed, setTyped] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listed = [NONE, ...filterChoices(choices, typed ?? '')];
  const shownText = typed ?? (chosen ? chosen.title : value === null ? '' : `Show ${value}`);
  const optionId = (index: number) => `${id}-option-${index}`;

  function pick(choice: ShowChoice) {
    onChange(choice.id === 0 ? null : choice.id);
    setTyped(null);
    setIsOpen(false);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) {
        setIsOpen(true);
        setActive(
          Math.max(
            0,
            listed.findIndex((choice) => choice.id === (value ?? 0)),
          ),
        );
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + listed.length) % listed.length);
    } else if (event.key === 'Enter' && isOpen) {
      event.preventDefault();
      const choice = listed[active];
      if (choice) pick(choice);
    } else if (event.key === 'Escape') {
      if (isOpen) {
        event.preventDefault();
        setIsOpen(false);
      } else if (typed !== null) setTyped(null);
    }
  }

  const describedBy = [error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="relative flex flex-col gap-1.5">
      <label htmlFor={`${id}-input`} className="text-sm font-bold text-ink">
        Show <span className="font-normal text-muted">(optional)</span>
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={`${id}-list`}
        aria-activedescendant={isOpen && listed[active] ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder="Type to find a show"
        className={inputStyles}
        value={shownText}
        onChange={(event) => {
          setTyped(event.target.value);
          setIsOpen(true);
          // The first show that matches is ready for Enter; with none, 'No show' is.
          setActive(filterChoices(choices, event.target.value).length > 0 ? 1 : 0);
        }}
        onClick={() => setIsOpen(true)}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          setIsOpen(false);
          setTyped(null);
        }}
      />
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label="Shows"
        hidden={!isOpen}
        className="absolute top-full right-0 left-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-line bg-white py-1 shadow-lg"
      >
        {listed.length === 1 && typed && (
          <li role="presentation" className="px-3 py-2 text-sm text-muted">
            No show matches “{typed}”.
          </li>
        )}
        {listed.map((choice, index) => (
          <li
            key={choice.id}
            id={optionId(index)}
            role="option"
            aria-selected={choice.id === (value ?? 0)}
            // Keeps the focus in the input, so the click does not blur (and close) the list first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(choice)}
            onMouseMove={() => setActive(index)}
            className={cx(
              'flex cursor-pointer flex-col px-3 py-2',
              index === active && 'bg-primary-soft',
              choice.id === (value ?? 0) && 'font-bold',
            )}
          >
            <span className="text-ink">{choice.title}</span>
            <span className="text-sm text-muted">
              {choice.when}
              {choice.status === 'live' ? ' · live now' : ''}
            </span>
          </li>
        ))}
      </ul>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="text-sm text-muted">
        {chosen ? `${chosen.when}. ` : ''}
        {hint}
      </p>
    </div>
  );
}
