/** Presenter applications (modules/applications, features/applications). Texts convention: see common.ts. */
export const APPLICATIONS_TEXTS = {
  loginRequired: 'Login Required',
  pending: "Your application is being reviewed by our team. We'll get back to you soon!",
  approved: 'Congratulations! Your application has been approved. Welcome to the team!',
  rejected:
    'Unfortunately, your application was not successful this time. Feel free to apply again in the future.',
  cooldown: (days: number) => `You can apply again in ${days} day${days === 1 ? '' : 's'}.`,
  notPending: 'This application has already been reviewed.',
  whatHappensNext: 'What Happens Next',
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  showConceptRequired: 'Show concept is required',
  experienceRequired: 'Experience is required',
  availabilityRequired: 'Availability is required',
  approvedTitle: 'Your presenter application was approved',
  rejectedTitle: 'Your presenter application was reviewed',
  profileRoleWouldBeLost: (role: string) =>
    `This member holds the ${role} role, which becoming a presenter would take away. Change their role in user management first, then approve.`,
} as const;
