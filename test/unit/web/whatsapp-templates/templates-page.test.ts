/**
 * A Cloud API connection's templates page (issue 32), rendered to HTML as a signed-in user would get it
 * from the cached lists: each template's status in its words and colour, the body's placeholders, the
 * sync time, and 'Sincronizar' for admins only.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ConnectionDto } from '../../../../shared/connections';
import type { TemplateListDto, WhatsAppTemplateDto } from '../../../../shared/whatsapp-cloud';
import { connectionKeys } from '../../../../web/src/api/connections';
import type { ApiClient } from '../../../../web/src/api/client';
import { whatsappTemplateKeys } from '../../../../web/src/api/whatsapp-templates';
import { LanguageContext, type Language } from '../../../../web/src/i18n/language';
import { ServicesContext, type AppServices } from '../../../../web/src/runtime/services';
import { MeContext } from '../../../../web/src/sign-in/me-context';
import type { Me } from '../../../../web/src/sign-in/me';
import {
  sendableTemplates,
  sortedTemplates,
  templateBodyParts,
  templateLabel,
  templateStatusColor,
} from '../../../../web/src/whatsapp-templates/template-display';
import { TemplatesPage } from '../../../../web/src/whatsapp-templates/TemplatesPage';

const WHATSAPP_ID = '01J00000000000000000000C01';

function template(name: string, status: WhatsAppTemplateDto['status'], body = 'Olá {{1}}, seu pedido {{2}} saiu.'): WhatsAppTemplateDto {
  return { id: `id-${name}`, name, language: 'pt_BR', status, category: 'UTILITY', header: null, body, footer: null, variables: 2 };
}

function connection(provider: ConnectionDto['provider']): ConnectionDto {
  return { id: WHATSAPP_ID, name: 'Oficial', provider, status: 'CONNECTED' } as ConnectionDto;
}

/** The page at its address, its lists already cached (nothing is fetched while rendering to HTML). */
function render(options: { profile: string; list?: TemplateListDto; provider?: ConnectionDto['provider']; language?: Language }): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(connectionKeys.all, [connection(options.provider ?? 'cloud')]);
  if (options.list !== undefined) queryClient.setQueryData(whatsappTemplateKeys.ofConnection(WHATSAPP_ID), options.list);
  const me = { user: { id: 'U1', name: 'Ana', email: 'ana@example.com', profile: options.profile, super: false, companyId: 'C1' }, company: { id: 'C1', name: 'Loja', settings: [], plan: {} } } as Me;
  // Nothing is requested while rendering to HTML: a request would be this test's mistake.
  const api = { get: () => Promise.reject(new Error('not expected')), post: () => Promise.reject(new Error('not expected')) } as unknown as ApiClient;
  const wrap = (children: ReactNode) =>
    createElement(
      LanguageContext,
      { value: { language: options.language ?? 'pt', setLanguage: () => undefined } },
      createElement(
        ServicesContext,
        { value: { api } as unknown as AppServices },
        createElement(
          MeContext,
          { value: me },
          createElement(
            QueryClientProvider,
            { client: queryClient },
            createElement(MemoryRouter, { initialEntries: [`/connections/${WHATSAPP_ID}/templates`] }, children),
          ),
        ),
      ),
    );
  return renderToStaticMarkup(
    wrap(createElement(Routes, null, createElement(Route, { path: 'connections/:whatsappId/templates', element: createElement(TemplatesPage) }))),
  );
}

const list: TemplateListDto = {
  records: [template('pedido_enviado', 'APPROVED'), template('promocao', 'REJECTED'), template('boas_vindas', 'PENDING')],
  syncedAt: '2026-03-02T15:04:00.000Z',
};

describe('the templates page', () => {
  test('shows each template with its status in words, approved in green, and its body with the placeholders visible', () => {
    const html = render({ profile: 'user', list });

    expect(html).toMatch(/data-status="APPROVED"[^>]*>Aprovado</);
    expect(html).toMatch(/data-status="REJECTED"[^>]*>Rejeitado</);
    expect(html).toMatch(/data-status="PENDING"[^>]*>Em análise</);
    expect(html).toContain('pedido_enviado');
    expect(html).toContain('Utilidade');
    expect(html).toContain('<mark');
    expect(html).toContain('{{1}}');
    expect(html).toContain('Sincronizado em');
  });

  test('offers Sincronizar to an admin only', () => {
    expect(render({ profile: 'admin', list })).toContain('Sincronizar');
    expect(render({ profile: 'user', list })).not.toContain('Sincronizar');
    expect(render({ profile: 'supervisor', list })).not.toContain('Sincronizar');
  });

  test('says when the connection has no templates, and when they were never synced', () => {
    const html = render({ profile: 'admin', list: { records: [], syncedAt: null } });

    expect(html).toContain('Nenhum modelo nesta conexão.');
    expect(html).toContain('Ainda não sincronizado com a Meta.');
  });

  test('says a connection that is not a Cloud API one has no templates, and offers no sync', () => {
    const html = render({ profile: 'admin', provider: 'beta' });

    expect(html).toContain('não usa a WhatsApp Cloud API');
    expect(html).not.toContain('Sincronizar');
  });

  test('speaks the user’s language', () => {
    const html = render({ profile: 'admin', list, language: 'en' });

    expect(html).toContain('Approved');
    expect(html).toContain('>Sync<');
  });
});

describe('a template as shown', () => {
  test('is green only when approved, amber while Meta decides, red when refused or stopped', () => {
    expect(templateStatusColor('APPROVED')).toBe('success');
    expect(['PENDING', 'IN_APPEAL'].map((status) => templateStatusColor(status as 'PENDING'))).toEqual(['warning', 'warning']);
    expect(['REJECTED', 'DISABLED', 'LIMIT_EXCEEDED'].map((status) => templateStatusColor(status as 'REJECTED'))).toEqual(['danger', 'danger', 'danger']);
  });

  test('has its body cut into text and placeholders that join back into the body', () => {
    const body = '{{1}}, seu pedido {{2}} saiu.\nObrigado!';

    const parts = templateBodyParts(body);

    expect(parts).toEqual([
      { kind: 'variable', text: '{{1}}' },
      { kind: 'text', text: ', seu pedido ' },
      { kind: 'variable', text: '{{2}}' },
      { kind: 'text', text: ' saiu.\nObrigado!' },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(body);
  });

  test('is listed by name, then language, and only approved ones can be sent', () => {
    const english = { ...template('pedido_enviado', 'APPROVED'), id: 'en', language: 'en_US' };
    const all = [template('promocao', 'APPROVED'), english, template('pedido_enviado', 'APPROVED'), template('aviso', 'PAUSED')];

    expect(sortedTemplates(all).map((item) => `${item.name}/${item.language}`)).toEqual(['aviso/pt_BR', 'pedido_enviado/en_US', 'pedido_enviado/pt_BR', 'promocao/pt_BR']);
    expect(sendableTemplates(all).map((item) => item.name)).toEqual(['pedido_enviado', 'pedido_enviado', 'promocao']);
  });

  test('is named in a list to choose from by its name and language, which tell two of one name apart', () => {
    expect(templateLabel(template('pedido_enviado', 'APPROVED'))).toBe('pedido_enviado (pt_BR)');
    expect(templateLabel({ name: 'pedido_enviado', language: 'en_US' })).toBe('pedido_enviado (en_US)');
  });
});
