/**
 * The picker of one contact by name, for the forms that need one (the new-ticket dialog, the schedule
 * form): a combobox that searches GET /contacts from CONTACT_SEARCH_MIN typed characters, after the
 * search debounce, lists each contact found by name and number, says when none is found, and may end
 * with an option of the caller's (the new-ticket dialog's "add contact"). The typed text and the picked
 * contact are the caller's state, so a form can start from a contact and reset on opening.
 */
import { Field, Option, type FieldProps } from '@fluentui/react-components';
import { useMemo } from 'react';
import type { ContactDto } from '../../../shared/contacts';
import { useContactSearch } from '../api/contacts';
import { contactOptionText, contactSearchTerm, foundNoContacts } from './contact-search';
import { LocalizedCombobox } from './LocalizedCombobox';
import { SEARCH_DEBOUNCE_MS } from './timing';
import { useDebouncedValue } from './use-debounced-value';

export interface ContactSearchLabels {
  readonly placeholder: string;
  /** The field's hint while a search is under way. */
  readonly searching: string;
  readonly noContacts: string;
}

/** An option after the contacts found, with its own action (it picks no contact). */
export interface ContactSearchAction {
  readonly value: string;
  /** What the combobox shows and reads for the option. */
  readonly text: string;
  readonly label: string;
  readonly onSelect: () => void;
}

export interface ContactSearchProps {
  /** The field around the combobox: its label, `required`, its validation (the hint is the search's). */
  readonly field: Omit<FieldProps, 'hint' | 'children'>;
  readonly labels: ContactSearchLabels;
  readonly text: string;
  readonly onTextChange: (text: string) => void;
  readonly picked: { readonly id: string; readonly name: string } | null;
  /** A contact chosen among those found; null once the text is edited away from the picked contact's name. */
  readonly onPick: (contact: ContactDto | null) => void;
  /** Searches only while true (the dialog open, the form editable). */
  readonly enabled: boolean;
  readonly disabled?: boolean;
  readonly onBlur?: () => void;
  readonly action?: ContactSearchAction;
}

export function ContactSearch({ field, labels, text, onTextChange, picked, onPick, enabled, disabled, onBlur, action }: ContactSearchProps) {
  const term = useDebouncedValue(contactSearchTerm(text, picked), SEARCH_DEBOUNCE_MS);
  const contacts = useContactSearch(term, enabled && term !== '');
  const found = useMemo(() => contacts.data?.contacts ?? [], [contacts.data]);
  const searching = term !== '' && contacts.isFetching;

  return (
    <Field {...field} hint={searching ? labels.searching : undefined}>
      <LocalizedCombobox
        freeform
        disabled={disabled}
        placeholder={labels.placeholder}
        value={text}
        selectedOptions={picked ? [picked.id] : []}
        onChange={(event) => {
          onTextChange(event.target.value);
          if (picked !== null && event.target.value !== picked.name) onPick(null);
        }}
        onBlur={onBlur}
        onOptionSelect={(_, data) => {
          if (action !== undefined && data.optionValue === action.value) {
            action.onSelect();
            return;
          }
          const contact = found.find((option) => option.id === data.optionValue);
          if (contact) {
            onPick(contact);
            onTextChange(contact.name);
          }
        }}
      >
        {found.map((contact) => (
          <Option key={contact.id} value={contact.id} text={contact.name}>
            {contactOptionText(contact)}
          </Option>
        ))}
        {foundNoContacts(term, contacts.isFetching, found.length) && (
          <Option key="none" value="" text={labels.noContacts} disabled>
            {labels.noContacts}
          </Option>
        )}
        {action !== undefined && (
          <Option key={action.value} value={action.value} text={action.text}>
            {action.label}
          </Option>
        )}
      </LocalizedCombobox>
    </Field>
  );
}
