import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Mail goes out through the SMTP server in SMTP_URL. Without it, nothing that needs mail is switched on. */
export function createMailer(config: Config): Mailer {
  if (!config.SMTP_URL) {
    return {
      async send() {
        throw new Error('Mail is not configured (set SMTP_URL).');
      },
    };
  }
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.MAIL_FROM, ...mail });
    },
  };
}
