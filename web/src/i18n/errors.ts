/**
 * The error catalogue of spec 1 §8 as the user reads it: every code the server answers
 * (shared/errors.ts) plus the client's own (unreachable server, unfinished sign-in), in the three
 * languages. A code missing here is shown raw, as the spec asks, so a new server code is still seen.
 */
import { ApiError } from '../api/client';
import { useLanguage, type Language } from './language';
import { defineTexts, textsIn } from './texts';

export const errorTexts = defineTexts({
  pt: {
    ERR_INTERNAL_SERVER_ERROR: 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
    ERR_NO_OTHER_WHATSAPP: 'Deve haver pelo menos uma conexão padrão.',
    ERR_NO_DEF_WAPP_FOUND: 'Nenhuma conexão padrão encontrada. Verifique a página de conexões.',
    ERR_WAPP_NOT_INITIALIZED: 'Esta sessão do WhatsApp não foi inicializada. Verifique a página de conexões.',
    ERR_WAPP_CHECK_CONTACT: 'Não foi possível verificar o contato do WhatsApp. Verifique a página de conexões.',
    ERR_WAPP_INVALID_CONTACT: 'Este não é um número de WhatsApp válido.',
    ERR_WAPP_DOWNLOAD_MEDIA: 'Não foi possível baixar a mídia do WhatsApp. Verifique a página de conexões.',
    ERR_INVALID_CREDENTIALS: 'Erro de autenticação. Verifique o email e a senha e tente novamente.',
    ERR_USER_DONT_EXISTS: 'Usuário não encontrado. Verifique o email informado.',
    ERR_SENDING_WAPP_MSG: 'Erro ao enviar a mensagem do WhatsApp. Verifique a página de conexões.',
    ERR_DELETE_WAPP_MSG: 'Não foi possível excluir a mensagem do WhatsApp.',
    ERR_OTHER_OPEN_TICKET: 'Já existe um atendimento aberto para este contato.',
    ERR_SESSION_EXPIRED: 'Sessão expirada. Por favor, entre novamente.',
    ERR_USER_CREATION_DISABLED: 'A criação de usuários foi desabilitada pelo administrador.',
    ERR_NO_PERMISSION: 'Você não tem permissão para acessar este recurso.',
    ERR_DUPLICATED_CONTACT: 'Já existe um contato com este número.',
    ERR_NO_SETTING_FOUND: 'Nenhuma configuração encontrada com este ID.',
    ERR_NO_CONTACT_FOUND: 'Nenhum contato encontrado com este ID.',
    ERR_NO_TICKET_FOUND: 'Nenhum atendimento encontrado com este ID.',
    ERR_NO_USER_FOUND: 'Nenhum usuário encontrado com este ID.',
    ERR_NO_WAPP_FOUND: 'Nenhuma conexão encontrada com este ID.',
    ERR_CREATING_MESSAGE: 'Erro ao criar a mensagem no banco de dados.',
    ERR_CREATING_TICKET: 'Erro ao criar o atendimento no banco de dados.',
    ERR_FETCH_WAPP_MSG: 'Erro ao buscar a mensagem no WhatsApp, talvez ela seja muito antiga.',
    ERR_QUEUE_COLOR_ALREADY_EXISTS: 'Esta cor já está em uso, escolha outra.',
    ERR_WAPP_GREETING_REQUIRED: 'A mensagem de saudação é obrigatória quando há mais de uma fila.',
    ERR_VALIDATION: 'Verifique os campos informados.',
    ERR_SUBSCRIPTION_EXPIRED: 'Opss! Sua assinatura venceu. Entre em contato com o Suporte para mais informações!',
    ERR_EMAIL_ALREADY_EXISTS: 'Já existe uma conta com este email.',
    ERR_TOO_MANY_REQUESTS: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
    ERR_USER_LIMIT_REACHED: 'O limite de usuários do seu plano foi atingido.',
    ERR_QUEUE_LIMIT_REACHED: 'O limite de filas do seu plano foi atingido.',
    ERR_PLAN_IN_USE: 'Este plano está em uso por empresas e não pode ser excluído.',
    ERR_INVALID_RESET_CODE: 'Código inválido ou expirado. Solicite um novo código.',
    ERR_NO_COMPANY_FOUND: 'Nenhuma empresa encontrada com este ID.',
    ERR_NO_PLAN_FOUND: 'Nenhum plano encontrado com este ID.',
    ERR_NO_HELP_FOUND: 'Nenhuma ajuda encontrada com este ID.',
    ERR_NO_ANNOUNCEMENT_FOUND: 'Nenhum informativo encontrado com este ID.',
    ERR_NO_QUEUE_FOUND: 'Nenhuma fila encontrada com este ID.',
    ERR_NO_QUEUE_OPTION_FOUND: 'Nenhuma opção encontrada com este ID.',
    ERR_NO_TAG_FOUND: 'Nenhuma tag encontrada com este ID.',
    ERR_NO_CONTACTLIST_FOUND: 'Nenhuma lista de contatos encontrada com este ID.',
    ERR_NO_CONTACTLISTITEM_FOUND: 'Nenhum contato da lista encontrado com este ID.',
    ERR_DUPLICATED_CONTACTLISTITEM: 'Este número já está na lista.',
    ERR_NO_CAMPAIGN_FOUND: 'Nenhuma campanha encontrada com este ID.',
    ERR_CAMPAIGN_NOT_EDITABLE: 'Esta campanha não pode mais ser alterada.',
    ERR_CAMPAIGN_NOT_RUNNING: 'Só uma campanha em andamento pode ser interrompida.',
    ERR_CAMPAIGN_NOT_CANCELLED: 'Só uma campanha cancelada pode ser reiniciada.',
    ERR_NO_FILE_FOUND: 'Nenhuma lista de arquivos encontrada com este ID.',
    ERR_NO_CHAT_FOUND: 'Nenhuma conversa encontrada com este ID.',
    ERR_NO_PROMPT_FOUND: 'Nenhum prompt encontrado com este ID.',
    ERR_NO_INVOICE_FOUND: 'Nenhuma fatura encontrada com este ID.',
    ERR_INVOICE_ALREADY_PAID: 'Esta fatura já está paga.',
    ERR_PAYMENT_UNAVAILABLE: 'Pagamentos não estão configurados nesta plataforma. Entre em contato com o Suporte.',
    ERR_PAYMENT_PROVIDER: 'O serviço de pagamento não respondeu. Nada foi cobrado; tente novamente.',
    ERR_OUTSIDE_REPLY_WINDOW: 'Já se passaram 24 horas desde a última mensagem do cliente: envie um modelo aprovado.',
    ERR_NO_TEMPLATE_FOUND: 'Nenhum modelo aprovado com este nome nesta conexão.',
    ERR_WAPP_CLOUD_API: 'A API do WhatsApp (Meta) recusou ou não respondeu. Nada foi alterado; confira as credenciais e tente novamente.',
    ERR_NO_MESSAGE_FOUND: 'Nenhuma mensagem encontrada com este ID.',
    ERR_TICKET_NOT_OPEN: 'Só é possível enviar mensagens em atendimentos abertos.',
    ERR_NO_TICKETNOTE_FOUND: 'Nenhuma observação encontrada com este ID.',
    ERR_NO_QUICKMESSAGE_FOUND: 'Nenhuma resposta rápida encontrada com este ID.',
    ERR_TICKET_ALREADY_ACCEPTED: 'Este atendimento já foi aceito por outro atendente.',
    ERR_TICKET_STATUS_CHANGED: 'Este atendimento mudou de situação. Atualize a lista e tente novamente.',
    ERR_NOT_FOUND: 'Recurso não encontrado.',
    ERR_CONNECTION_LIMIT_REACHED: 'O limite de conexões do seu plano foi atingido.',
    ERR_INVALID_API_TOKEN: 'Token de API inválido ou revogado.',
    ERR_IDEMPOTENCY_KEY_CONFLICT: 'Esta chave de idempotência já foi usada em outra requisição.',
    ERR_NO_SCHEDULE_FOUND: 'Nenhum agendamento encontrado com este ID.',
    ERR_SCHEDULE_ALREADY_SENT: 'Este agendamento já foi enviado e não pode mais ser alterado.',
    ERR_CONFLICT: 'Este registro foi alterado por outra pessoa ao mesmo tempo. Nada foi salvo; tente novamente.',
    ERR_NO_INTEGRATION_FOUND: 'Nenhuma integração encontrada com este ID.',
    ERR_INTEGRATION_TEST_FAILED: 'O teste da integração falhou. Verifique o projeto, a conta de serviço e o idioma.',
    ERR_NETWORK: 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
    ERR_SIGN_IN_INCOMPLETE: 'Não foi possível concluir a entrada com esta conta. Fale com o administrador.',
  },
  en: {
    ERR_INTERNAL_SERVER_ERROR: 'An unexpected error occurred. Please try again later.',
    ERR_NO_OTHER_WHATSAPP: 'There must be at least one default connection.',
    ERR_NO_DEF_WAPP_FOUND: 'No default connection found. Check the connections page.',
    ERR_WAPP_NOT_INITIALIZED: 'This WhatsApp session has not been started. Check the connections page.',
    ERR_WAPP_CHECK_CONTACT: 'Could not verify the WhatsApp contact. Check the connections page.',
    ERR_WAPP_INVALID_CONTACT: 'This is not a valid WhatsApp number.',
    ERR_WAPP_DOWNLOAD_MEDIA: 'Could not download the WhatsApp media. Check the connections page.',
    ERR_INVALID_CREDENTIALS: 'Authentication failed. Check your email and password and try again.',
    ERR_USER_DONT_EXISTS: 'User not found. Check the email you entered.',
    ERR_SENDING_WAPP_MSG: 'The WhatsApp message could not be sent. Check the connections page.',
    ERR_DELETE_WAPP_MSG: 'The WhatsApp message could not be deleted.',
    ERR_OTHER_OPEN_TICKET: 'There is already an open ticket for this contact.',
    ERR_SESSION_EXPIRED: 'Your session has expired. Please sign in again.',
    ERR_USER_CREATION_DISABLED: 'User creation has been disabled by the administrator.',
    ERR_NO_PERMISSION: 'You do not have permission to access this resource.',
    ERR_DUPLICATED_CONTACT: 'A contact with this number already exists.',
    ERR_NO_SETTING_FOUND: 'No setting found with this ID.',
    ERR_NO_CONTACT_FOUND: 'No contact found with this ID.',
    ERR_NO_TICKET_FOUND: 'No ticket found with this ID.',
    ERR_NO_USER_FOUND: 'No user found with this ID.',
    ERR_NO_WAPP_FOUND: 'No connection found with this ID.',
    ERR_CREATING_MESSAGE: 'Error while saving the message in the database.',
    ERR_CREATING_TICKET: 'Error while saving the ticket in the database.',
    ERR_FETCH_WAPP_MSG: 'Error fetching the message from WhatsApp; it may be too old.',
    ERR_QUEUE_COLOR_ALREADY_EXISTS: 'This colour is already in use; choose another one.',
    ERR_WAPP_GREETING_REQUIRED: 'A greeting message is required when there is more than one queue.',
    ERR_VALIDATION: 'Check the fields you filled in.',
    ERR_SUBSCRIPTION_EXPIRED: 'Oops! Your subscription has expired. Contact Support for more information!',
    ERR_EMAIL_ALREADY_EXISTS: 'An account with this email already exists.',
    ERR_TOO_MANY_REQUESTS: 'Too many attempts. Wait a moment and try again.',
    ERR_USER_LIMIT_REACHED: 'Your plan’s user limit has been reached.',
    ERR_QUEUE_LIMIT_REACHED: 'Your plan’s queue limit has been reached.',
    ERR_PLAN_IN_USE: 'This plan is used by companies and cannot be deleted.',
    ERR_INVALID_RESET_CODE: 'Invalid or expired code. Request a new code.',
    ERR_NO_COMPANY_FOUND: 'No company found with this ID.',
    ERR_NO_PLAN_FOUND: 'No plan found with this ID.',
    ERR_NO_HELP_FOUND: 'No help item found with this ID.',
    ERR_NO_ANNOUNCEMENT_FOUND: 'No announcement found with this ID.',
    ERR_NO_QUEUE_FOUND: 'No queue found with this ID.',
    ERR_NO_QUEUE_OPTION_FOUND: 'No option found with this ID.',
    ERR_NO_TAG_FOUND: 'No tag found with this ID.',
    ERR_NO_CONTACTLIST_FOUND: 'No contact list found with this ID.',
    ERR_NO_CONTACTLISTITEM_FOUND: 'No list contact found with this ID.',
    ERR_DUPLICATED_CONTACTLISTITEM: 'This number is already in the list.',
    ERR_NO_CAMPAIGN_FOUND: 'No campaign found with this ID.',
    ERR_CAMPAIGN_NOT_EDITABLE: 'This campaign can no longer be changed.',
    ERR_CAMPAIGN_NOT_RUNNING: 'Only a campaign in progress can be stopped.',
    ERR_CAMPAIGN_NOT_CANCELLED: 'Only a cancelled campaign can be restarted.',
    ERR_NO_FILE_FOUND: 'No file list found with this ID.',
    ERR_NO_CHAT_FOUND: 'No chat found with this ID.',
    ERR_NO_PROMPT_FOUND: 'No prompt found with this ID.',
    ERR_NO_INVOICE_FOUND: 'No invoice found with this ID.',
    ERR_INVOICE_ALREADY_PAID: 'This invoice is already paid.',
    ERR_PAYMENT_UNAVAILABLE: 'Payments are not set up on this platform. Please contact support.',
    ERR_PAYMENT_PROVIDER: 'The payment service did not answer. Nothing was charged; please try again.',
    ERR_OUTSIDE_REPLY_WINDOW: 'More than 24 hours have passed since the customer last wrote: send an approved template.',
    ERR_NO_TEMPLATE_FOUND: 'No approved template with this name on this connection.',
    ERR_WAPP_CLOUD_API: "WhatsApp's API (Meta) refused or did not answer. Nothing was changed; check the credentials and try again.",
    ERR_NO_MESSAGE_FOUND: 'No message found with this ID.',
    ERR_TICKET_NOT_OPEN: 'Messages can only be sent in open tickets.',
    ERR_NO_TICKETNOTE_FOUND: 'No note found with this ID.',
    ERR_NO_QUICKMESSAGE_FOUND: 'No quick reply found with this ID.',
    ERR_TICKET_ALREADY_ACCEPTED: 'This ticket has already been accepted by another agent.',
    ERR_TICKET_STATUS_CHANGED: 'This ticket’s status has changed. Refresh the list and try again.',
    ERR_NOT_FOUND: 'Resource not found.',
    ERR_CONNECTION_LIMIT_REACHED: 'Your plan’s connection limit has been reached.',
    ERR_INVALID_API_TOKEN: 'Invalid or revoked API token.',
    ERR_IDEMPOTENCY_KEY_CONFLICT: 'This idempotency key has already been used for another request.',
    ERR_NO_SCHEDULE_FOUND: 'No schedule found with this ID.',
    ERR_SCHEDULE_ALREADY_SENT: 'This schedule was already sent and can no longer be changed.',
    ERR_CONFLICT: 'Someone else changed this record at the same time. Nothing was saved; please try again.',
    ERR_NO_INTEGRATION_FOUND: 'No integration found with this ID.',
    ERR_INTEGRATION_TEST_FAILED: 'The integration test failed. Check the project, the service account and the language.',
    ERR_NETWORK: 'Could not reach the server. Check your connection and try again.',
    ERR_SIGN_IN_INCOMPLETE: 'Signing in with this account could not be completed. Contact your administrator.',
  },
  es: {
    ERR_INTERNAL_SERVER_ERROR: 'Ocurrió un error inesperado. Inténtelo de nuevo más tarde.',
    ERR_NO_OTHER_WHATSAPP: 'Debe haber al menos una conexión predeterminada.',
    ERR_NO_DEF_WAPP_FOUND: 'No se encontró ninguna conexión predeterminada. Revise la página de conexiones.',
    ERR_WAPP_NOT_INITIALIZED: 'Esta sesión de WhatsApp no se ha iniciado. Revise la página de conexiones.',
    ERR_WAPP_CHECK_CONTACT: 'No se pudo verificar el contacto de WhatsApp. Revise la página de conexiones.',
    ERR_WAPP_INVALID_CONTACT: 'Este no es un número de WhatsApp válido.',
    ERR_WAPP_DOWNLOAD_MEDIA: 'No se pudo descargar el archivo de WhatsApp. Revise la página de conexiones.',
    ERR_INVALID_CREDENTIALS: 'Error de autenticación. Verifique el correo y la contraseña e inténtelo de nuevo.',
    ERR_USER_DONT_EXISTS: 'Usuario no encontrado. Verifique el correo ingresado.',
    ERR_SENDING_WAPP_MSG: 'Error al enviar el mensaje de WhatsApp. Revise la página de conexiones.',
    ERR_DELETE_WAPP_MSG: 'No se pudo eliminar el mensaje de WhatsApp.',
    ERR_OTHER_OPEN_TICKET: 'Ya existe una atención abierta para este contacto.',
    ERR_SESSION_EXPIRED: 'La sesión expiró. Inicie sesión de nuevo.',
    ERR_USER_CREATION_DISABLED: 'El administrador deshabilitó la creación de usuarios.',
    ERR_NO_PERMISSION: 'No tiene permiso para acceder a este recurso.',
    ERR_DUPLICATED_CONTACT: 'Ya existe un contacto con este número.',
    ERR_NO_SETTING_FOUND: 'No se encontró ninguna configuración con este ID.',
    ERR_NO_CONTACT_FOUND: 'No se encontró ningún contacto con este ID.',
    ERR_NO_TICKET_FOUND: 'No se encontró ninguna atención con este ID.',
    ERR_NO_USER_FOUND: 'No se encontró ningún usuario con este ID.',
    ERR_NO_WAPP_FOUND: 'No se encontró ninguna conexión con este ID.',
    ERR_CREATING_MESSAGE: 'Error al guardar el mensaje en la base de datos.',
    ERR_CREATING_TICKET: 'Error al guardar la atención en la base de datos.',
    ERR_FETCH_WAPP_MSG: 'Error al buscar el mensaje en WhatsApp; quizá sea demasiado antiguo.',
    ERR_QUEUE_COLOR_ALREADY_EXISTS: 'Este color ya está en uso; elija otro.',
    ERR_WAPP_GREETING_REQUIRED: 'El mensaje de saludo es obligatorio cuando hay más de una cola.',
    ERR_VALIDATION: 'Revise los campos ingresados.',
    ERR_SUBSCRIPTION_EXPIRED: '¡Ups! Su suscripción venció. ¡Contacte con Soporte para más información!',
    ERR_EMAIL_ALREADY_EXISTS: 'Ya existe una cuenta con este correo.',
    ERR_TOO_MANY_REQUESTS: 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
    ERR_USER_LIMIT_REACHED: 'Se alcanzó el límite de usuarios de su plan.',
    ERR_QUEUE_LIMIT_REACHED: 'Se alcanzó el límite de colas de su plan.',
    ERR_PLAN_IN_USE: 'Este plan está en uso por empresas y no se puede eliminar.',
    ERR_INVALID_RESET_CODE: 'Código inválido o expirado. Solicite un código nuevo.',
    ERR_NO_COMPANY_FOUND: 'No se encontró ninguna empresa con este ID.',
    ERR_NO_PLAN_FOUND: 'No se encontró ningún plan con este ID.',
    ERR_NO_HELP_FOUND: 'No se encontró ninguna ayuda con este ID.',
    ERR_NO_ANNOUNCEMENT_FOUND: 'No se encontró ningún comunicado con este ID.',
    ERR_NO_QUEUE_FOUND: 'No se encontró ninguna cola con este ID.',
    ERR_NO_QUEUE_OPTION_FOUND: 'No se encontró ninguna opción con este ID.',
    ERR_NO_TAG_FOUND: 'No se encontró ninguna etiqueta con este ID.',
    ERR_NO_CONTACTLIST_FOUND: 'No se encontró ninguna lista de contactos con este ID.',
    ERR_NO_CONTACTLISTITEM_FOUND: 'No se encontró ningún contacto de la lista con este ID.',
    ERR_DUPLICATED_CONTACTLISTITEM: 'Este número ya está en la lista.',
    ERR_NO_CAMPAIGN_FOUND: 'No se encontró ninguna campaña con este ID.',
    ERR_CAMPAIGN_NOT_EDITABLE: 'Esta campaña ya no se puede modificar.',
    ERR_CAMPAIGN_NOT_RUNNING: 'Solo se puede detener una campaña en curso.',
    ERR_CAMPAIGN_NOT_CANCELLED: 'Solo se puede reiniciar una campaña cancelada.',
    ERR_NO_FILE_FOUND: 'No se encontró ninguna lista de archivos con este ID.',
    ERR_NO_CHAT_FOUND: 'No se encontró ninguna conversación con este ID.',
    ERR_NO_PROMPT_FOUND: 'No se encontró ningún prompt con este ID.',
    ERR_NO_INVOICE_FOUND: 'No se encontró ninguna factura con este ID.',
    ERR_INVOICE_ALREADY_PAID: 'Esta factura ya está pagada.',
    ERR_PAYMENT_UNAVAILABLE: 'Los pagos no están configurados en esta plataforma. Contacte al soporte.',
    ERR_PAYMENT_PROVIDER: 'El servicio de pago no respondió. No se cobró nada; inténtelo de nuevo.',
    ERR_OUTSIDE_REPLY_WINDOW: 'Han pasado más de 24 horas desde el último mensaje del cliente: envíe una plantilla aprobada.',
    ERR_NO_TEMPLATE_FOUND: 'No hay ninguna plantilla aprobada con este nombre en esta conexión.',
    ERR_WAPP_CLOUD_API: 'La API de WhatsApp (Meta) rechazó o no respondió. No se cambió nada; revise las credenciales e inténtelo de nuevo.',
    ERR_NO_MESSAGE_FOUND: 'No se encontró ningún mensaje con este ID.',
    ERR_TICKET_NOT_OPEN: 'Solo se pueden enviar mensajes en atenciones abiertas.',
    ERR_NO_TICKETNOTE_FOUND: 'No se encontró ninguna observación con este ID.',
    ERR_NO_QUICKMESSAGE_FOUND: 'No se encontró ninguna respuesta rápida con este ID.',
    ERR_TICKET_ALREADY_ACCEPTED: 'Otro agente ya aceptó esta atención.',
    ERR_TICKET_STATUS_CHANGED: 'El estado de esta atención cambió. Actualice la lista e inténtelo de nuevo.',
    ERR_NOT_FOUND: 'Recurso no encontrado.',
    ERR_CONNECTION_LIMIT_REACHED: 'Se alcanzó el límite de conexiones de su plan.',
    ERR_INVALID_API_TOKEN: 'Token de API inválido o revocado.',
    ERR_IDEMPOTENCY_KEY_CONFLICT: 'Esta clave de idempotencia ya se usó en otra solicitud.',
    ERR_NO_SCHEDULE_FOUND: 'No se encontró ningún agendamiento con este ID.',
    ERR_SCHEDULE_ALREADY_SENT: 'Este agendamiento ya fue enviado y ya no se puede modificar.',
    ERR_CONFLICT: 'Otra persona cambió este registro al mismo tiempo. No se guardó nada; inténtelo de nuevo.',
    ERR_NO_INTEGRATION_FOUND: 'No se encontró ninguna integración con este ID.',
    ERR_INTEGRATION_TEST_FAILED: 'La prueba de la integración falló. Verifique el proyecto, la cuenta de servicio y el idioma.',
    ERR_NETWORK: 'No se pudo conectar con el servidor. Verifique su conexión e inténtelo de nuevo.',
    ERR_SIGN_IN_INCOMPLETE: 'No se pudo completar el inicio de sesión con esta cuenta. Hable con el administrador.',
  },
});

/** Every code with a text: the server's catalogue and the client's own (ERR_NETWORK, ERR_SIGN_IN_INCOMPLETE). */
export type ErrorCode = keyof typeof errorTexts.pt;

export function isKnownErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorTexts.pt, code);
}

/** The text of a code in a language; an unknown code is shown as it came (spec 1 §8). */
export function errorText(code: string, language: Language): string {
  return isKnownErrorCode(code) ? textsIn(errorTexts, language)[code] : code;
}

/**
 * What to tell the user about a failure of any kind: a code, an ApiError or anything thrown. A
 * validation error names its first failed field, since the generic text alone does not say which one;
 * anything that is neither a code nor an ApiError is a bug of ours, shown as the unexpected error.
 */
export function errorMessageOf(error: unknown, language: Language): string {
  if (typeof error === 'string') return errorText(error, language);
  if (!(error instanceof ApiError)) return errorText('ERR_INTERNAL_SERVER_ERROR', language);
  const text = errorText(error.code, language);
  const field = error.code === 'ERR_VALIDATION' ? firstFieldError(error.body) : undefined;
  return field === undefined ? text : `${text} (${field})`;
}

function firstFieldError(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { fields, message } = body as { fields?: unknown; message?: unknown };
  const first: unknown = Array.isArray(fields) ? fields[0] : undefined;
  if (typeof first === 'object' && first !== null) {
    const { path, message: fieldMessage } = first as { path?: unknown; message?: unknown };
    if (typeof fieldMessage === 'string' && fieldMessage !== '') {
      return typeof path === 'string' && path !== '' ? `${path}: ${fieldMessage}` : fieldMessage;
    }
  }
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** `errorText` in the current language: `const text = useErrorText(); text(code)`. */
export function useErrorText(): (codeOrError: unknown) => string {
  const { language } = useLanguage();
  return (codeOrError) => errorMessageOf(codeOrError, language);
}
