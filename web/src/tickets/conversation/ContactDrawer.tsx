/**
 * The contact side drawer of the conversation (spec 1 §2.7, §2.8, §5, §9): 320 px wide, the ticket's
 * contact with number, email, connection and extra information, and its own edit form in place of those
 * details: the stored number without a mask, 'Too Short!' / 'Too Long!' (the contact form's `drawer`
 * variant), where the contact modal masks the number.
 */
import {
  Avatar,
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  OverlayDrawer,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Dismiss20Regular } from '@fluentui/react-icons/svg/dismiss';
import { Edit20Regular } from '@fluentui/react-icons/svg/edit';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import type { ContactDto } from '../../../../shared/contacts';
import { queryKeys } from '../../api/query-keys';
import { useTexts } from '../../i18n/texts';
import { contactFormOf } from '../../contacts/contact-form';
import { ContactForm } from '../../contacts/ContactForm';
import { displayNumber } from '../../contacts/phone';
import { useContact } from '../../api/contacts';
import { storeContact } from '../ticket-cache';
import { conversationTexts } from './texts';

/** Spec 1 §9. */
const DRAWER_WIDTH = '320px';

const useStyles = makeStyles({
  drawer: { width: DRAWER_WIDTH, maxWidth: '100vw' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  identity: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS, textAlign: 'center' },
  list: { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

export interface ContactDrawerProps {
  readonly contactId: string;
  /** The ticket's connection: the one the contact talks through here, when the contact records none. */
  readonly connectionName?: string;
  readonly open: boolean;
  readonly onClose: () => void;
}

export function ContactDrawer({ contactId, connectionName, open, onClose }: ContactDrawerProps) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).contact;
  const queryClient = useQueryClient();
  const contact = useContact(contactId, open);
  const [editing, setEditing] = useState(false);

  const saved = (updated: ContactDto) => {
    queryClient.setQueryData(queryKeys.contacts.one(updated.id), updated);
    // Tickets carry a summary of their contact: the lists and the header show the answer at once. Not
    // by reading them again, which could answer the copies of before the rename (issue 27).
    storeContact(queryClient, updated);
    setEditing(false);
  };
  // Opened again, the drawer shows the details, not a form left half-typed.
  const close = () => {
    setEditing(false);
    onClose();
  };

  const data = contact.data;
  const row = (term: string, value: string) => (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{value === '' ? texts.none : value}</dd>
    </>
  );

  return (
    <OverlayDrawer className={styles.drawer} position="end" open={open} onOpenChange={(_, state) => !state.open && close()}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={texts.close} icon={<Dismiss20Regular />} onClick={close} />}>
          {texts.title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        {contact.isPending && <Spinner size="small" />}
        {data && (
          <>
            <div className={styles.identity}>
              <Avatar size={96} name={data.name} image={data.profilePicUrl ? { src: data.profilePicUrl } : undefined} />
              <Text size={500} weight="semibold">
                {data.name}
              </Text>
              {!editing && (
                <Button icon={<Edit20Regular />} onClick={() => setEditing(true)}>
                  {texts.edit}
                </Button>
              )}
            </div>
            {editing ? (
              // Starts from the contact as it is now; later changes of it must not wipe what is typed.
              <ContactForm
                key={data.id}
                variant="drawer"
                initial={contactFormOf(data, 'drawer')}
                editing={data}
                onCancel={() => setEditing(false)}
                onSaved={saved}
              />
            ) : (
              <>
                <dl className={styles.list}>
                  {/* Written as the lists write it (issue 27); its edit form keeps the stored digits. */}
                  {row(texts.number, displayNumber(data.number, data.isGroup))}
                  {row(texts.email, data.email)}
                  {row(texts.connection, data.whatsapp?.name ?? connectionName ?? '')}
                </dl>
                {data.extraInfo.length > 0 && (
                  <>
                    <Text weight="semibold">{texts.extraInfo}</Text>
                    <dl className={styles.list}>
                      {data.extraInfo.map((info, index) => (
                        <Fragment key={index}>{row(info.name, info.value)}</Fragment>
                      ))}
                    </dl>
                  </>
                )}
              </>
            )}
          </>
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}
