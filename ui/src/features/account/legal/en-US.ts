import type { LegalTexts } from './types';

const LAW: string[] = [
  'This document is governed by the law of mainland China (the People’s Republic of China, excluding Hong Kong, Macao and Taiwan).',
  'Any dispute arising from or in connection with it is submitted to arbitration in Beijing. The arbitration is conducted in Chinese.',
];

export const enUS: LegalTexts = {
  agreement: {
    title: 'User Registration Agreement',
    updated: 'May 2023',
    sections: [
      {
        heading: '1. Who we are and what this agreement covers',
        paragraphs: [
          'The IPCI platform is operated by a state-owned cultural media group through its operating subsidiary (“the platform”, “we”). On it, intellectual-property (IP) rights are confirmed with an IPCI certificate, licensed, protected and monitored.',
          'This agreement applies between you and the platform when you register an account and whenever you use the platform’s services: rights confirmation, licensing trade, rights protection, infringement monitoring, anti-counterfeiting, watermark services and the user centre.',
        ],
      },
      {
        heading: '2. Who may register',
        paragraphs: [
          'Legal entities at home or abroad and other organisations may register as enterprise users. Natural persons may register as personal users only if they are 18 years of age or older; natural persons are admitted with the platform’s special permission.',
          'Children under 14 cannot register. An account registered in breach of these rules will be deleted.',
          'You give true, complete and current information and keep it up to date. Enterprise information is verified through identity certification before rights confirmation or trade.',
        ],
      },
      {
        heading: '3. Your account',
        paragraphs: [
          'You keep your user name, password and verification codes secret and are responsible for everything done through your account. Tell us at once if you suspect that someone else is using it.',
          'You may bind or change your e-mail address and mobile number, change your password and cancel your account in the security settings. Cancellation asks for a reason and a verification code and cannot be undone once approved.',
        ],
      },
      {
        heading: '4. How we check what you submit',
        paragraphs: [
          'The platform checks submitted documents only formally: whether they are complete, legible and consistent. It does not guarantee that their content is true, nor that you hold the rights you claim. You warrant that you lawfully hold or are entitled to authorise the IP you register or offer.',
        ],
      },
      {
        heading: '5. What the platform may do',
        paragraphs: [
          'After a complaint, the platform may delete works that infringe the rights of others without notifying you first.',
          'The platform may freeze or delete accounts, take back (revoke) an IPCI after serious violations of this agreement or the law and after upheld objections of third parties, and report violations to the competent authorities.',
        ],
      },
      {
        heading: '6. Your data',
        paragraphs: [
          'Personal information is handled as the Privacy Policy and the Children’s Personal Information Protection Rules describe. It is stored in mainland China. The platform states a security certification level of grade 3.',
        ],
      },
      {
        heading: '7. Term',
        paragraphs: [
          'This agreement takes effect when you register and lasts until the end of the third year after your last login, unless your account is cancelled or deleted earlier.',
        ],
      },
      { heading: '8. Governing law and disputes', paragraphs: LAW },
    ],
  },
  disclaimer: {
    title: 'Disclaimer',
    updated: 'December 2021',
    sections: [
      {
        heading: '1. Formal review only',
        paragraphs: [
          'The platform checks the documents users submit only formally. An IPCI certificate records that a registration passed this review; it is not a court’s or an authority’s finding on who owns a right. The platform is not liable for losses caused by false, incomplete or infringing material submitted by users.',
        ],
      },
      {
        heading: '2. Content supplied by users',
        paragraphs: [
          'IP information, images, descriptions, proofs and trade offers are supplied by users, who are responsible for them. The platform may delete infringing works after a complaint without notice, and may freeze or delete accounts and take back an IPCI after serious violations and upheld third-party objections.',
        ],
      },
      {
        heading: '3. Trade between users',
        paragraphs: [
          'Licences are agreed between users. Unless the platform is expressly entrusted with a trade, it is not a party to the contract and does not guarantee the performance, quality or lawfulness of what is traded. Self-service trade is limited to derivative-merchandise licensing of at most 100,000 yuan per transaction.',
        ],
      },
      {
        heading: '4. Availability',
        paragraphs: [
          'The platform is provided as it is. Maintenance, failures of networks or third-party services and force majeure may interrupt it; the platform restores service as soon as it reasonably can and is not liable for interruptions it could not avoid.',
        ],
      },
      {
        heading: '5. Links to other sites',
        paragraphs: ['Links to websites of law firms, manufacturers or other third parties are provided for convenience. The platform does not control those sites and is not responsible for their content.'],
      },
      { heading: '6. Governing law and disputes', paragraphs: LAW },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    sections: [
      {
        heading: '1. What we collect',
        paragraphs: [
          'Account data: user name, user type, password (stored only as an argon2id hash, never in readable form), the e-mail address or mobile number you bind, your date of birth (personal users), and the invitation code you registered with.',
          'Certification and service data: the identity or enterprise documents you submit for certification, the IP and proof materials you register, your trades, orders, invoices and messages.',
          'Security data: the time of your logins, and for each signed-in session the device (browser) and network address, so that you can see and end your sessions and so that password guessing can be stopped.',
        ],
      },
      {
        heading: '2. Why we use it',
        paragraphs: [
          'To create and protect your account, to verify your identity, to confirm, license, protect and monitor your IP, to send verification codes and service messages, and to meet our legal obligations. We do not sell personal information.',
        ],
      },
      {
        heading: '3. Where and how it is kept',
        paragraphs: [
          'All personal information is stored in mainland China. The platform states a security certification level of grade 3. Access is limited to the staff whose role needs it; identity numbers and phone numbers are never written to logs.',
          'Records are kept to the end of the third year after your last login, or as long as the law requires.',
        ],
      },
      {
        heading: '4. Your rights',
        paragraphs: [
          'You may view and correct your information in the user centre, change your bound e-mail address and mobile number, and cancel your account. You may ask us to delete information we are no longer entitled to keep, and you may complain to us or to the competent authority.',
        ],
      },
      {
        heading: '5. Children',
        paragraphs: [
          'Children under 14 cannot register. Information about children is handled only as the Children’s Personal Information Protection Rules describe.',
        ],
      },
      { heading: '6. Governing law and disputes', paragraphs: LAW },
    ],
  },
  childRule: {
    title: 'Children’s Personal Information Protection Rules',
    updated: 'May 2023',
    sections: [
      {
        heading: '1. Children cannot register',
        paragraphs: ['Children under 14 cannot register an account on the platform. Natural persons must be 18 or older to register.'],
      },
      {
        heading: '2. When we handle information about a child',
        paragraphs: [
          'Information about a child under 14 is handled only when a registered user supplies it for registration (for example, a work created by a child), for a trade or for rights enforcement. The registered user must have the consent of the child’s guardian before supplying it.',
          'We handle only what the purpose needs and use it for nothing else.',
        ],
      },
      {
        heading: '3. Where it is kept',
        paragraphs: ['Information about children is stored in mainland China, under the same protection as all personal information on the platform (security certification level grade 3), and is accessible only to the staff who need it.'],
      },
      {
        heading: '4. Guardians’ rights',
        paragraphs: [
          'A guardian may ask us to correct or delete information about their child. We reply within 30 days.',
          'A guardian may ask that the information not be shown on the platform. We reply within 5 days.',
          'A guardian may complain to us or to the competent authority about how we handle the information.',
        ],
      },
      { heading: '5. Governing law and disputes', paragraphs: LAW },
    ],
  },
};
