/**
 * Strings shared by the public pages (landing, login, sign-up, password reset): the header, the
 * password field, and the messages of the form checks (validation.ts).
 */
import { defineTexts } from '../i18n/texts';

export const publicTexts = defineTexts({
  pt: {
    brand: 'Atende',
    brandHome: 'Atende, página inicial',
    showPassword: 'Mostrar senha',
    hidePassword: 'Ocultar senha',
    passwordRule: 'Pelo menos 8 caracteres, com letra maiúscula, letra minúscula e número.',
    backToLogin: 'Voltar ao login',
    problems: {
      required: 'Obrigatório',
      tooShort: 'Muito curto!',
      tooLong: 'Muito longo!',
      invalidEmail: 'Invalid email',
      invalidPhone: 'Informe o DDD e o número completo.',
      weakPassword: 'A senha deve ter pelo menos 8 caracteres, com letra maiúscula, letra minúscula e número.',
      passwordsDontMatch: 'As senhas não correspondem',
      planRequired: 'Selecione um plano',
    },
  },
  en: {
    brand: 'Atende',
    brandHome: 'Atende, home page',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    passwordRule: 'At least 8 characters, with an uppercase letter, a lowercase letter and a digit.',
    backToLogin: 'Back to sign in',
    problems: {
      required: 'Required',
      tooShort: 'Too short!',
      tooLong: 'Too long!',
      invalidEmail: 'Invalid email',
      invalidPhone: 'Enter the area code and the full number.',
      weakPassword: 'The password needs at least 8 characters, with an uppercase letter, a lowercase letter and a digit.',
      passwordsDontMatch: 'The passwords do not match',
      planRequired: 'Choose a plan',
    },
  },
  es: {
    brand: 'Atende',
    brandHome: 'Atende, página de inicio',
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
    passwordRule: 'Al menos 8 caracteres, con una letra mayúscula, una letra minúscula y un número.',
    backToLogin: 'Volver al inicio de sesión',
    problems: {
      required: 'Obligatorio',
      tooShort: '¡Muy corto!',
      tooLong: '¡Muy largo!',
      invalidEmail: 'Correo electrónico no válido',
      invalidPhone: 'Indique el código de área y el número completo.',
      weakPassword: 'La contraseña necesita al menos 8 caracteres, con una letra mayúscula, una letra minúscula y un número.',
      passwordsDontMatch: 'Las contraseñas no coinciden',
      planRequired: 'Elija un plan',
    },
  },
});
