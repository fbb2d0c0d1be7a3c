export {
  createSmtpMailSender,
  smtpTransportOptions,
  type MailMessage,
  type MailReceipt,
  type MailSender,
  type SmtpSettings,
} from './mail-sender.js';
