/**
 * /financeiro (spec 3 §2 Invoices, §4; checklist ): the 'Faturas' table of
 * the company's invoices (GET /invoices/all, newest due date first, page by page while more exist),
 * searched by number or details: id, details, value in reais, due date, status ('Pago', 'Vencido',
 * 'Em Aberto'), an overdue unpaid row tinted, and 'Pagar' on each unpaid row, which opens the checkout.
 * A payment settled anywhere refreshes the list (`payment` events). The lapsed billing view shows this
 * same page, whose checkout then reloads the app instead of going to / (`onRenewed`).
 */
import { Badge, Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { Money24Regular } from '@fluentui/react-icons/svg/money';
import { Suspense, useState } from 'react';
import type { InvoiceDisplayStatus } from '../../../shared/billing';
import { useInvoiceEvents, useInvoiceList, type Invoice } from '../api/billing';
import { formatDueDate, utcToday } from '../auth/subscription';
import { listPageTexts } from '../components/list-page-texts';
import { listStateOf } from '../components/list-state';
import { ListPage } from '../components/ListPage';
import { ListTable, type ListColumn } from '../components/ListTable';
import { useListSearch } from '../components/use-list-search';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { canPayInvoice, formatReais, invoicesOf, shownInvoiceStatus } from './invoice-list';
import { billingTexts } from './texts';
import { lazyComponent, usePreload } from '../components/lazy-component';

// The checkout's code loads once the page has shown (usePreload): its form, the QR code and zod stay
// out of the page's first load.
const CheckoutDialog = lazyComponent(() => import('./CheckoutDialog').then((m) => m.CheckoutDialog));

const useStyles = makeStyles({
  overdue: { backgroundColor: tokens.colorPaletteRedBackground1 },
  cut: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  number: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
});

const STATUS_COLOURS = { paid: 'success', overdue: 'danger', open: 'warning' } as const satisfies Record<InvoiceDisplayStatus, string>;

export interface InvoicesPageProps {
  /** After a payment's renewal was shown; by default the checkout goes to /. */
  readonly onRenewed?: () => void;
}

export function InvoicesPage({ onRenewed }: InvoicesPageProps = {}) {
  usePreload(CheckoutDialog);
  const styles = useStyles();
  const texts = useTexts(billingTexts);
  const { language } = useLanguage();
  const { typed, setTyped, search } = useListSearch();
  const list = useInvoiceList(search);
  useInvoiceEvents();
  // The invoice stays after the dialog closes, so the dialog closes with its animation.
  const [checkout, setCheckout] = useState<{ readonly invoice: Invoice; readonly open: boolean } | undefined>();

  const invoices = invoicesOf(list.data?.pages);
  const state = listStateOf(list, invoices.length);
  const today = utcToday();

  const columns: readonly ListColumn<Invoice>[] = [
    { id: 'id', header: texts.table.id, narrow: 'hidden', width: 'content', className: styles.number, cell: (invoice) => invoice.id },
    {
      id: 'detail',
      header: texts.table.detail,
      narrow: 'title',
      cell: (invoice) => (
        <span className={styles.cut} title={invoice.detail}>
          {invoice.detail}
        </span>
      ),
    },
    { id: 'value', header: texts.table.value, narrow: 'detail', width: 'content', className: styles.number, cell: (invoice) => formatReais(invoice.value) },
    {
      id: 'dueDate',
      header: texts.table.dueDate,
      narrow: 'detail',
      width: 'content',
      className: styles.number,
      cell: (invoice) => formatDueDate(invoice.dueDate, language),
    },
    {
      id: 'status',
      header: texts.table.status,
      narrow: 'detail',
      width: 'content',
      cell: (invoice) => {
        const status = shownInvoiceStatus(invoice, today);
        return (
          <Badge appearance="tint" color={STATUS_COLOURS[status]}>
            {texts.status[status]}
          </Badge>
        );
      },
    },
  ];

  return (
    <>
      <ListPage texts={listPageTexts(texts.page, search)} searchText={typed} onSearchTextChange={setTyped} list={state}>
        <ListTable
          label={texts.table.label}
          items={invoices}
          itemKey={(invoice) => invoice.id}
          columns={columns}
          actionsHeader={texts.table.actions}
          rowClassName={(invoice) => (shownInvoiceStatus(invoice, today) === 'overdue' ? styles.overdue : undefined)}
          actions={(invoice) =>
            canPayInvoice(invoice) && (
              <Tooltip content={format(texts.table.payLabel, { id: invoice.id })} relationship="description">
                <Button appearance="primary" size="small" icon={<Money24Regular />} onClick={() => setCheckout({ invoice, open: true })}>
                  {texts.table.pay}
                </Button>
              </Tooltip>
            )
          }
        />
      </ListPage>
      <Suspense fallback={null}>
        {checkout !== undefined && (
          <CheckoutDialog
            open={checkout.open}
            invoice={checkout.invoice}
            onClose={() => setCheckout({ ...checkout, open: false })}
            {...(onRenewed !== undefined && { onRenewed })}
          />
        )}
      </Suspense>
    </>
  );
}
