/**
 * Every visible string of the web app, in Portuguese (the default language). Kept in one object so the
 * i18n issue can hand it to i18next as the `pt` resource and add `en` and `es` beside it. Placeholders
 * are written `{{name}}`, i18next's interpolation syntax, and filled by `format` until then.
 */
export const pt = {
  app: {
    name: 'Atende',
    loading: 'Carregando…',
  },
  config: {
    title: 'Não foi possível iniciar o aplicativo',
    description:
      'A configuração do aplicativo (config.json) está ausente ou inválida. Avise o administrador do sistema.',
    details: 'Detalhes técnicos',
    retry: 'Tentar novamente',
  },
  login: {
    title: 'Entrar',
    subtitle: 'Acesse sua conta para atender seus clientes.',
    email: 'Email',
    password: 'Senha',
    submit: 'Entrar',
    submitting: 'Entrando…',
    required: 'Obrigatório',
    forgotPassword: 'Esqueci minha senha',
    signUp: 'Não tem uma conta? Cadastre-se',
    sessionExpired: 'Sua sessão expirou. Entre novamente.',
  },
  shell: {
    greeting: 'Olá, {{name}}!',
    company: 'Empresa: {{company}}',
    themeToLight: 'Usar tema claro',
    themeToDark: 'Usar tema escuro',
    logout: 'Sair',
    loadError: 'Não foi possível carregar os dados da sua conta.',
    retry: 'Tentar novamente',
  },
  comingSoon: {
    title: 'Em breve',
    description: 'A página {{page}} está sendo construída e estará disponível em breve.',
    backToTickets: 'Ir para Atendimentos',
    backToLogin: 'Ir para o login',
  },
  notFound: {
    title: 'Página não encontrada',
    description: 'O endereço acessado não existe.',
    backToStart: 'Voltar ao início',
  },
  /** Page titles, keyed by the route table's page ids (src/app/pages.ts). */
  pages: {
    dashboard: 'Dashboard',
    tickets: 'Atendimentos',
    connections: 'Conexões',
    quickMessages: 'Respostas Rápidas',
    todolist: 'Tarefas',
    schedules: 'Agendamentos',
    tags: 'Tags',
    contacts: 'Contatos',
    helps: 'Ajuda',
    users: 'Usuários',
    files: 'Lista de arquivos',
    prompts: 'Prompts',
    queueIntegration: 'Integrações',
    messagesApi: 'API',
    settings: 'Configurações',
    kanban: 'Kanban',
    financeiro: 'Financeiro',
    queues: 'Filas & Chatbot',
    announcements: 'Informativos',
    subscription: 'Assinatura',
    chats: 'Chat Interno',
    landing: 'Início',
    signup: 'Cadastro',
    forgetpsw: 'Recuperar senha',
  },
  /** Meanings of the backend's error codes (spec 1 §8), plus the client's own. */
  errors: {
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
    ERR_NETWORK: 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
    ERR_SIGN_IN_INCOMPLETE: 'Não foi possível concluir a entrada com esta conta. Fale com o administrador.',
  },
} as const;

export type ErrorCode = keyof typeof pt.errors;

/** Fills `{{name}}` placeholders; unknown names stay visible so a missing value is noticed. */
export function format(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** The text for an error code: its meaning when known, else the raw code (spec 1 §8). */
export function errorMessage(code: string): string {
  return Object.hasOwn(pt.errors, code) ? pt.errors[code as ErrorCode] : code;
}
