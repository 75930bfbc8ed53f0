/**
 * The pages anyone may read (the page registry's open pages): the privacy notice, the terms of use and the
 * contact page. The spec only names them (spec 2 §2 Landing); the wording is ours. They speak of "the
 * operator of this service", whoever runs this deployment: no company name, address or email is written
 * into the app. Each section is a title and paragraphs; `items` are the bullet points of a section.
 */
import { defineTexts } from '../i18n/texts';

export const legalTexts = defineTexts({
  pt: {
    otherPages: 'Outras páginas',
    backToStart: 'Página inicial',
    privacy: {
      title: 'Aviso de privacidade',
      intro:
        'Este aviso explica quais dados o Atende guarda, para que os usa, por quanto tempo e como você exerce os seus direitos (Lei Geral de Proteção de Dados, LGPD).',
      sections: {
        roles: {
          title: 'Quem responde pelos dados',
          body: 'O serviço é mantido pelo operador deste serviço. Cada empresa cliente decide quais contatos e conversas registra e responde por eles; o operador os trata em nome dela, apenas para prestar o serviço.',
        },
        stored: {
          title: 'O que guardamos',
          body: 'Guardamos somente o necessário para o atendimento funcionar:',
          items: {
            accounts: 'Empresas e usuários: nome, e-mail, telefone, plano, dados de cobrança e as preferências de cada conta.',
            contacts: 'Contatos: nome, número de WhatsApp, e-mail, foto de perfil e os campos extras que a empresa cadastrar.',
            messages: 'Conversas: mensagens enviadas e recebidas, notas internas, etiquetas, agendamentos e campanhas.',
            media: 'Mídias: imagens, áudios, vídeos e documentos trocados nas conversas.',
            technical: 'Registros técnicos: sessões de acesso e registros de acesso ao aplicativo, usados para segurança.',
          },
        },
        purposes: {
          title: 'Para que usamos',
          body: 'Para entregar e receber mensagens pelo WhatsApp, organizar os atendimentos, cobrar a assinatura e proteger as contas. Não vendemos dados nem os usamos para publicidade.',
        },
        sharing: {
          title: 'Com quem compartilhamos',
          body: 'Com o WhatsApp, para entregar as mensagens; com o provedor de nuvem que hospeda o serviço; e com o meio de pagamento, para as cobranças. Cada empresa vê apenas os próprios dados.',
        },
        browser: {
          title: 'No seu navegador',
          body: 'O aplicativo guarda no armazenamento local do navegador a sua sessão, o idioma, o tema e o volume das notificações. Não usamos cookies de publicidade.',
        },
        retention: {
          title: 'Por quanto tempo',
          body: 'Enquanto a conta da empresa estiver ativa. Quando ela é encerrada, os acessos deixam de funcionar na hora e os demais dados são apagados pelo operador; a empresa pode pedir a exclusão antes disso. Registros técnicos são apagados após um prazo limitado.',
        },
        rights: {
          title: 'Seus direitos',
          body: 'Você pode pedir acesso, correção, portabilidade ou exclusão dos seus dados. Se você é contato de uma empresa cliente, fale com essa empresa; se você usa o Atende, fale com o administrador da sua empresa ou com o operador pela página de contato.',
        },
      },
    },
    terms: {
      title: 'Termos de uso',
      intro: 'Ao criar uma conta ou usar o Atende, a sua empresa aceita estes termos.',
      sections: {
        service: {
          title: 'O serviço',
          body: 'O Atende é um sistema de atendimento ao cliente pelo WhatsApp, com filas, atendentes, contatos e campanhas, oferecido pelo operador deste serviço.',
        },
        accounts: {
          title: 'Contas e acessos',
          body: 'Cada usuário tem o seu acesso e responde por ele: não compartilhe a senha. Um novo login encerra a sessão aberta em outro lugar. O administrador da empresa gerencia os usuários e o que cada um vê.',
        },
        use: {
          title: 'Uso permitido',
          body: 'Use o serviço dentro da lei e das regras do WhatsApp. Envie campanhas apenas a quem aceitou recebê-las, não envie spam nem conteúdo ilegal, e não tente acessar dados de outras empresas.',
        },
        payment: {
          title: 'Planos e pagamento',
          body: 'Os planos são mensais, com desconto no pagamento anual; mudanças de plano são calculadas pro rata. Novas contas têm um período de teste. Vencida a assinatura, o acesso fica suspenso até o pagamento.',
        },
        availability: {
          title: 'Disponibilidade',
          body: 'Trabalhamos para manter o serviço no ar, mas ele pode ter interrupções. A conexão com o WhatsApp depende do próprio WhatsApp e do aparelho conectado.',
        },
        data: {
          title: 'Dados',
          body: 'Os dados registrados pela empresa são dela. O tratamento que fazemos está descrito no aviso de privacidade.',
        },
        changes: {
          title: 'Mudanças nestes termos',
          body: 'Estes termos podem mudar; as mudanças importantes são avisadas no aplicativo antes de valer.',
        },
      },
    },
    contact: {
      title: 'Contato',
      intro: 'O Atende é mantido pelo operador deste serviço. Veja como falar com ele.',
      sections: {
        customers: {
          title: 'Já usa o Atende?',
          body: 'Fale com o administrador da sua empresa: ele tem os canais de suporte informados pelo operador na contratação.',
        },
        newCompanies: {
          title: 'Quer conhecer o Atende?',
          body: 'Crie uma conta e teste grátis. Para o plano Enterprise ou uma necessidade especial, escreva para o contato comercial que o operador deste serviço divulga.',
        },
        privacy: {
          title: 'Privacidade',
          body: 'Pedidos sobre os seus dados seguem o aviso de privacidade.',
        },
      },
      signUp: 'Criar conta',
      signIn: 'Entrar',
    },
  },
  en: {
    otherPages: 'Other pages',
    backToStart: 'Home page',
    privacy: {
      title: 'Privacy notice',
      intro:
        'This notice explains what data Atende keeps, what it is used for, for how long, and how you exercise your rights (Brazil’s data protection law, LGPD).',
      sections: {
        roles: {
          title: 'Who answers for the data',
          body: 'The service is run by the operator of this service. Each customer company decides which contacts and conversations it records and answers for them; the operator processes them on its behalf, only to provide the service.',
        },
        stored: {
          title: 'What we keep',
          body: 'We keep only what customer service needs:',
          items: {
            accounts: 'Companies and users: name, email, phone, plan, billing details and each account’s preferences.',
            contacts: 'Contacts: name, WhatsApp number, email, profile picture and the extra fields the company adds.',
            messages: 'Conversations: messages sent and received, internal notes, tags, schedules and campaigns.',
            media: 'Media: images, audio, videos and documents exchanged in conversations.',
            technical: 'Technical records: sign-in sessions and access logs of the app, kept for security.',
          },
        },
        purposes: {
          title: 'What we use it for',
          body: 'To deliver and receive WhatsApp messages, organise the conversations, bill the subscription and protect the accounts. We do not sell data or use it for advertising.',
        },
        sharing: {
          title: 'Who we share it with',
          body: 'WhatsApp, to deliver the messages; the cloud provider that hosts the service; and the payment provider, for invoices. Each company sees only its own data.',
        },
        browser: {
          title: 'In your browser',
          body: 'The app keeps your session, language, theme and notification volume in the browser’s local storage. We use no advertising cookies.',
        },
        retention: {
          title: 'For how long',
          body: 'While the company’s account is active. When it is closed, its logins stop working at once and the operator deletes the remaining data; the company may ask for deletion sooner. Technical records are deleted after a limited period.',
        },
        rights: {
          title: 'Your rights',
          body: 'You may ask to access, correct, take away or delete your data. If you are a contact of a customer company, ask that company; if you use Atende, ask your company’s administrator or the operator through the contact page.',
        },
      },
    },
    terms: {
      title: 'Terms of use',
      intro: 'By creating an account or using Atende, your company accepts these terms.',
      sections: {
        service: {
          title: 'The service',
          body: 'Atende is a WhatsApp customer-service system, with queues, agents, contacts and campaigns, offered by the operator of this service.',
        },
        accounts: {
          title: 'Accounts and access',
          body: 'Each user has their own login and answers for it: do not share the password. A new sign-in ends the session open elsewhere. The company’s administrator manages the users and what each one sees.',
        },
        use: {
          title: 'Acceptable use',
          body: 'Use the service within the law and WhatsApp’s rules. Send campaigns only to people who agreed to receive them, send no spam or unlawful content, and do not try to reach other companies’ data.',
        },
        payment: {
          title: 'Plans and payment',
          body: 'Plans are monthly, with a discount when paid yearly; plan changes are pro-rated. New accounts get a trial period. Once the subscription is overdue, access is suspended until it is paid.',
        },
        availability: {
          title: 'Availability',
          body: 'We work to keep the service up, but it may have interruptions. The WhatsApp connection depends on WhatsApp itself and on the connected phone.',
        },
        data: {
          title: 'Data',
          body: 'The data a company records belongs to it. How we process it is described in the privacy notice.',
        },
        changes: {
          title: 'Changes to these terms',
          body: 'These terms may change; important changes are announced in the app before they apply.',
        },
      },
    },
    contact: {
      title: 'Contact',
      intro: 'Atende is run by the operator of this service. Here is how to reach them.',
      sections: {
        customers: {
          title: 'Already using Atende?',
          body: 'Talk to your company’s administrator, who has the support channels the operator gave when the company subscribed.',
        },
        newCompanies: {
          title: 'Want to try Atende?',
          body: 'Create an account and try it for free. For the Enterprise plan or a special need, write to the sales contact the operator of this service publishes.',
        },
        privacy: {
          title: 'Privacy',
          body: 'Requests about your data follow the privacy notice.',
        },
      },
      signUp: 'Create an account',
      signIn: 'Sign in',
    },
  },
  es: {
    otherPages: 'Otras páginas',
    backToStart: 'Página de inicio',
    privacy: {
      title: 'Aviso de privacidad',
      intro:
        'Este aviso explica qué datos guarda Atende, para qué los usa, por cuánto tiempo y cómo ejerce usted sus derechos (ley brasileña de protección de datos, LGPD).',
      sections: {
        roles: {
          title: 'Quién responde por los datos',
          body: 'El servicio lo mantiene el operador de este servicio. Cada empresa cliente decide qué contactos y conversaciones registra y responde por ellos; el operador los trata en su nombre, solo para prestar el servicio.',
        },
        stored: {
          title: 'Qué guardamos',
          body: 'Guardamos solo lo necesario para que la atención funcione:',
          items: {
            accounts: 'Empresas y usuarios: nombre, correo, teléfono, plan, datos de facturación y las preferencias de cada cuenta.',
            contacts: 'Contactos: nombre, número de WhatsApp, correo, foto de perfil y los campos extra que la empresa registre.',
            messages: 'Conversaciones: mensajes enviados y recibidos, notas internas, etiquetas, agendamientos y campañas.',
            media: 'Archivos: imágenes, audios, videos y documentos intercambiados en las conversaciones.',
            technical: 'Registros técnicos: sesiones de acceso y registros de acceso a la aplicación, usados para la seguridad.',
          },
        },
        purposes: {
          title: 'Para qué los usamos',
          body: 'Para entregar y recibir mensajes de WhatsApp, organizar las atenciones, cobrar la suscripción y proteger las cuentas. No vendemos datos ni los usamos para publicidad.',
        },
        sharing: {
          title: 'Con quién los compartimos',
          body: 'Con WhatsApp, para entregar los mensajes; con el proveedor de nube que aloja el servicio; y con el medio de pago, para los cobros. Cada empresa ve solo sus propios datos.',
        },
        browser: {
          title: 'En su navegador',
          body: 'La aplicación guarda en el almacenamiento local del navegador su sesión, el idioma, el tema y el volumen de las notificaciones. No usamos cookies de publicidad.',
        },
        retention: {
          title: 'Por cuánto tiempo',
          body: 'Mientras la cuenta de la empresa esté activa. Cuando se cierra, los accesos dejan de funcionar de inmediato y el operador borra los demás datos; la empresa puede pedir el borrado antes. Los registros técnicos se borran tras un plazo limitado.',
        },
        rights: {
          title: 'Sus derechos',
          body: 'Puede pedir acceso, corrección, portabilidad o borrado de sus datos. Si es contacto de una empresa cliente, diríjase a esa empresa; si usa Atende, al administrador de su empresa o al operador desde la página de contacto.',
        },
      },
    },
    terms: {
      title: 'Términos de uso',
      intro: 'Al crear una cuenta o usar Atende, su empresa acepta estos términos.',
      sections: {
        service: {
          title: 'El servicio',
          body: 'Atende es un sistema de atención al cliente por WhatsApp, con colas, agentes, contactos y campañas, ofrecido por el operador de este servicio.',
        },
        accounts: {
          title: 'Cuentas y accesos',
          body: 'Cada usuario tiene su propio acceso y responde por él: no comparta la contraseña. Un nuevo inicio de sesión cierra la sesión abierta en otro lugar. El administrador de la empresa gestiona los usuarios y lo que ve cada uno.',
        },
        use: {
          title: 'Uso permitido',
          body: 'Use el servicio dentro de la ley y de las reglas de WhatsApp. Envíe campañas solo a quien aceptó recibirlas, no envíe spam ni contenido ilegal y no intente acceder a datos de otras empresas.',
        },
        payment: {
          title: 'Planes y pago',
          body: 'Los planes son mensuales, con descuento en el pago anual; los cambios de plan se calculan a prorrata. Las cuentas nuevas tienen un período de prueba. Vencida la suscripción, el acceso queda suspendido hasta el pago.',
        },
        availability: {
          title: 'Disponibilidad',
          body: 'Trabajamos para mantener el servicio en línea, pero puede tener interrupciones. La conexión con WhatsApp depende del propio WhatsApp y del teléfono conectado.',
        },
        data: {
          title: 'Datos',
          body: 'Los datos que registra la empresa son suyos. El tratamiento que hacemos se describe en el aviso de privacidad.',
        },
        changes: {
          title: 'Cambios en estos términos',
          body: 'Estos términos pueden cambiar; los cambios importantes se avisan en la aplicación antes de aplicarse.',
        },
      },
    },
    contact: {
      title: 'Contacto',
      intro: 'Atende lo mantiene el operador de este servicio. Así puede comunicarse con él.',
      sections: {
        customers: {
          title: '¿Ya usa Atende?',
          body: 'Hable con el administrador de su empresa: tiene los canales de soporte que el operador indicó al contratar.',
        },
        newCompanies: {
          title: '¿Quiere conocer Atende?',
          body: 'Cree una cuenta y pruébelo gratis. Para el plan Enterprise o una necesidad especial, escriba al contacto comercial que divulga el operador de este servicio.',
        },
        privacy: {
          title: 'Privacidad',
          body: 'Las solicitudes sobre sus datos siguen el aviso de privacidad.',
        },
      },
      signUp: 'Crear cuenta',
      signIn: 'Iniciar sesión',
    },
  },
});

/** The documents, each under the id of its page in the registry (app/page-registry.ts). */
export type LegalDocumentId = Exclude<keyof typeof legalTexts.pt, 'otherPages' | 'backToStart'>;

export function isLegalDocumentId(id: string): id is LegalDocumentId {
  return id !== 'otherPages' && id !== 'backToStart' && Object.hasOwn(legalTexts.pt, id);
}
