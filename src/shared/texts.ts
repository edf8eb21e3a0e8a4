/**
 * User-facing texts quoted by the specification, used verbatim by server and web.
 * Tests import these constants and also check the literal wording.
 */
export const TEXTS = {
  auth: {
    passwordsDoNotMatch: 'Passwords do not match',
    passwordTooShort: 'Password must be at least 6 characters',
    invalidCredentials:
      "Invalid email or password. Please check your credentials or register if you don't have an account.",
    emailNotConfirmed:
      'Your email address has not been confirmed. Please check your inbox for a confirmation link.',
    accountCreated: 'Account Created!',
    welcome: 'Welcome to the radio! You can now start exploring.',
    firstUserAdmin: 'You are the first member of this station, so your account is its administrator.',
    noUserLoggedIn: 'No user logged in',
    fullNameRequired: 'Full name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    passwordRequired: 'Password is required',
    emailTaken: 'An account with this email already exists. Please log in instead.',
    tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  },
  access: {
    denied: 'Access Denied',
    adminRequired: 'You need administrator privileges to access this page.',
    presenterRequired: 'Access Denied: You need presenter privileges to access this panel.',
    staffRequired: 'Access Denied: You need staff privileges to access this page.',
    newsReporterRequired: 'You need News Reporter privileges to access this page.',
    signInRequired: 'Please log in to continue.',
    forbidden: 'You do not have permission to do that.',
  },
  roles: {
    duplicateAssignment: 'This user already has this role assigned.',
    duplicateAssignmentStaff: 'User already has this role assigned',
    assignError: 'Error assigning role. Please try again.',
    assigned: 'Role assigned successfully!',
    confirmDeleteRole: 'Are you sure you want to delete this role? This will remove all user assignments.',
    confirmRemoveAssignment: 'Are you sure you want to remove this role assignment?',
    systemRoleLocked: 'System roles cannot be changed or deleted.',
    nameTaken: 'A role with this name already exists.',
    nameRequired: 'Role name is required',
    displayNameRequired: 'Display name is required',
    lastAdmin: 'The station needs at least one admin. Make someone else an admin first.',
    roleChanged: 'Role updated.',
  },
  notifications: {
    empty: 'No notifications',
    markAllRead: 'Mark all read',
    confirmDelete: 'Delete this notification?',
  },
  loading: {
    product: (product: string) => `Loading ${product}...`,
    generic: 'Loading...',
  },
  footer: {
    love: 'Made with love for music lovers',
    quality: 'Experience high-quality audio streaming with crystal clear sound',
    broadcasting: '24/7 Broadcasting',
    hdAudio: 'HD Audio Quality',
  },
  errors: {
    notFound: 'Not found',
    internal: 'Something went wrong on our side. Please try again.',
    validation: 'Some fields are not valid.',
    bodyTooLarge: 'The request is too large.',
  },
} as const;
