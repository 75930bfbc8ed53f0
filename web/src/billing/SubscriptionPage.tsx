/**
 * /subscription (spec 3 §2 Subscription page, §4; checklist ): the trial's days left
 * (rounded up) while a trial runs, else the due date; the billing email, read-only; and 'Assinar',
 * which opens the checkout for the company's open invoice (the first unpaid one of GET /invoices/all).
 * With no open invoice the button is disabled and says why: an invoice exists only from a few days
 * before its due date (shared/billing.ts INVOICE_LEAD_DAYS).
 */
import { Button, Field, Input, makeStyles, Spinner, Text, Title3, tokens } from '@fluentui/react-components';
import { Suspense, useState } from 'react';
import { useBillingDetails, useInvoiceEvents, useInvoiceList, type Invoice } from '../api/billing';
import { formatDueDate } from '../auth/subscription';
import { useLanguage } from '../i18n/language';
import { countText, format, useTexts } from '../i18n/texts';
import { invoicesOf, openInvoiceOf } from './invoice-list';
import { subscriptionSummary } from './subscription-summary';
import { billingTexts } from './texts';
import { LoadErrorBar } from '../components/LoadErrorBar';
import { lazyComponent, usePreload } from '../components/lazy-component';

const CheckoutDialog = lazyComponent(() => import('./CheckoutDialog').then((m) => m.CheckoutDialog));

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  card: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    maxWidth: '480px',
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  subscribe: { alignSelf: 'flex-start' },
});

export function SubscriptionPage() {
  usePreload(CheckoutDialog);
  const styles = useStyles();
  const allTexts = useTexts(billingTexts);
  const texts = allTexts.subscription;
  const { language } = useLanguage();
  const details = useBillingDetails();
  // The first page holds the newest invoices, where an open one is.
  const invoices = useInvoiceList('');
  useInvoiceEvents();
  const [checkout, setCheckout] = useState<{ readonly invoice: Invoice; readonly open: boolean } | undefined>();

  const openInvoice = openInvoiceOf(invoicesOf(invoices.data?.pages));
  const subscribeHint = invoices.isError ? allTexts.page.loadError : openInvoice === undefined && !invoices.isPending ? texts.noOpenInvoice : undefined;

  if (details.isPending) return <Spinner label={texts.loading} />;
  if (details.isError) {
    return (
      <LoadErrorBar message={texts.loadError} retryLabel={texts.retry} onRetry={() => void details.refetch()} />
    );
  }

  const summary = subscriptionSummary(details.data, new Date());
  const line =
    summary.kind === 'trial'
      ? countText(texts.trialDays, summary.days, language)
      : summary.kind === 'due'
        ? format(texts.dueDate, { date: formatDueDate(summary.dueDate, language) })
        : texts.noDueDate;

  return (
    <div className={styles.page}>
      <Title3 as="h1">{texts.title}</Title3>
      <section className={styles.card} aria-label={texts.title}>
        <Text as="p" size={400}>
          {line}
        </Text>
        <Field label={texts.email}>
          <Input value={details.data.email} disabled />
        </Field>
        <Field hint={subscribeHint}>
          <Button
            className={styles.subscribe}
            appearance="primary"
            // Focusable while disabled, so a screen reader reaches it and reads the hint that says why.
            disabledFocusable={openInvoice === undefined}
            onClick={() => openInvoice !== undefined && setCheckout({ invoice: openInvoice, open: true })}
          >
            {texts.subscribe}
          </Button>
        </Field>
      </section>
      <Suspense fallback={null}>
        {checkout !== undefined && (
          <CheckoutDialog open={checkout.open} invoice={checkout.invoice} onClose={() => setCheckout({ ...checkout, open: false })} />
        )}
      </Suspense>
    </div>
  );
}
