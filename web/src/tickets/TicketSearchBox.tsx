/**
 * The search tab's text box, in its own module so its code (and the text input's styles) loads when
 * the search tab is first chosen, not with the open tickets.
 */
import { type SearchBoxProps } from '@fluentui/react-components';
import { LocalizedSearchBox } from '../components/LocalizedSearchBox';

export function TicketSearchBox(props: SearchBoxProps) {
  return <LocalizedSearchBox {...props} />;
}
