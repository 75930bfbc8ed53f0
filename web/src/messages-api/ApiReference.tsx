/**
 * The OpenAPI document rendered readably (the reference part of the API page): fetched from
 * GET /api/openapi.json, read by openapi-view.ts, and listed as operations with their method, path,
 * summary, parameters, body fields and responses; plus a link to the raw JSON for tools. No third-party
 * renderer: the document is small, and the page stays light.
 */
import { Badge, Body1, Caption1, Link, makeStyles, mergeClasses, Spinner, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { useId, useMemo } from 'react';
import { externalApiUrl, OPENAPI_DOCUMENT_PATH, useOpenApiDocument } from '../api/external-api';
import { useServices } from '../runtime/services';
import { format, useTexts } from '../i18n/texts';
import { useCodeStyles } from './code-styles';
import { InlineCode } from './InlineCode';
import { readOpenApiDocument, type FieldView, type OperationView } from './openapi-view';
import { messagesApiTexts } from './texts';
import { LoadErrorBar } from '../components/LoadErrorBar';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  intro: { color: tokens.colorNeutralForeground2 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  operation: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    minWidth: 0,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  title: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  subheading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  items: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground2 },
  paragraph: { margin: 0 },
  heading: { margin: 0 },
});

/** Body fields, or parameters (which say where they go: header, query, path). */
function FieldList({ fields }: { readonly fields: readonly (FieldView & { readonly location?: string })[] }) {
  const styles = useStyles();
  const code = useCodeStyles();
  const texts = useTexts(messagesApiTexts);
  return (
    <ul className={styles.items}>
      {fields.map((field) => (
        <li key={field.name}>
          <code className={code.inline}>{field.name}</code>{' '}
          <Text className={styles.muted}>
            ({[field.location, field.type, field.required ? texts.docs.required : texts.docs.optional].filter(Boolean).join(', ')})
          </Text>
          {field.description !== '' && (
            <>
              {' — '}
              <InlineCode text={field.description} className={code.inline} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function Operation({ operation }: { readonly operation: OperationView }) {
  const styles = useStyles();
  const code = useCodeStyles();
  const texts = useTexts(messagesApiTexts);
  return (
    <li className={styles.operation}>
      <h3 className={styles.title}>
        <Badge appearance="filled" color="brand">
          {operation.method}
        </Badge>
        <code className={code.inline}>{operation.path}</code>
      </h3>
      <Text weight="semibold">{operation.summary}</Text>
      <div>
        <Badge appearance="tint" color={operation.secured ? 'warning' : 'success'}>
          {operation.secured ? texts.docs.secured : texts.docs.public}
        </Badge>
      </div>
      {operation.description !== '' && (
        <Body1 as="p" className={styles.paragraph}>
          <InlineCode text={operation.description} className={code.inline} />
        </Body1>
      )}
      {operation.parameters.length > 0 && (
        <>
          <h4 className={styles.subheading}>{texts.docs.parameters}</h4>
          <FieldList fields={operation.parameters} />
        </>
      )}
      {operation.bodies.map((body) => (
        <div key={body.mediaType}>
          <h4 className={styles.subheading}>{format(texts.docs.body, { mediaType: body.mediaType })}</h4>
          <FieldList fields={body.fields} />
        </div>
      ))}
      <h4 className={styles.subheading}>{texts.docs.responses}</h4>
      <ul className={styles.items}>
        {operation.responses.map((response) => (
          <li key={response.status}>
            <code className={code.inline}>{response.status}</code>
            {response.description !== '' && (
              <>
                {' — '}
                <InlineCode text={response.description} className={code.inline} />
              </>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

export function ApiReference() {
  const styles = useStyles();
  const texts = useTexts(messagesApiTexts);
  const { config } = useServices();
  const headingId = useId();
  const document = useOpenApiDocument();
  const view = useMemo(() => (document.data === undefined ? undefined : readOpenApiDocument(document.data)), [document.data]);
  const rawUrl = externalApiUrl(config.apiUrl, OPENAPI_DOCUMENT_PATH);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {texts.docs.heading}
      </Subtitle2>
      <Body1 as="p" className={mergeClasses(styles.paragraph, styles.intro)}>
        {texts.docs.intro}{' '}
        <Link href={rawUrl} target="_blank" rel="noreferrer">
          {texts.docs.raw}
        </Link>
      </Body1>
      {document.isPending && <Spinner label={texts.docs.loading} />}
      {(document.isError || (document.isSuccess && view === undefined)) && (
        <LoadErrorBar message={texts.docs.loadError} retryLabel={texts.docs.retry} onRetry={() => void document.refetch()} />
      )}
      {view !== undefined && (
        <>
          <Caption1 className={styles.muted}>
            {view.title} {view.version}
          </Caption1>
          <ul className={styles.list} aria-label={texts.docs.operations}>
            {view.operations.map((operation) => (
              <Operation key={operation.key} operation={operation} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
