/** The admin panel (modules/admin, features/admin). Texts convention: see common.ts. */
export const ADMIN_TEXTS = {
  loading: 'Loading admin panel...',
  settingsSaveFailed: 'Error saving settings',
  settingsSaved: 'Settings saved.',
  weeklyChartFailed: 'Failed to generate weekly chart. Please try again.',
  streamerCreateFailed: 'Error creating streamer',
  emailTaken: 'An account with this email already exists.',
  passwordAlreadySet: 'This member has already set a password: they can sign in, so no new link is made.',
  setPasswordLinkInvalid: 'This link is invalid or has expired. Ask an admin for a new one.',
  passwordSet: 'Your password is set. Welcome to the station!',
} as const;

/** Admin Panel › Dashboard › System status: the instances and the engine's failovers. */
export const CLUSTER_TEXTS = {
  label: 'Engine instance',
  noEngine: 'No instance runs the engine',
  leaseExpired: 'Lease expired: waiting for another instance',
  failoverCause: {
    released: 'the engine’s instance shut down',
    expired: 'the engine’s instance stopped renewing its lease (killed, frozen or cut off)',
  },
  instancesSeen: (n: number) => `${n} ${n === 1 ? 'instance' : 'instances'} seen`,
  noFailover: 'No failover yet',
} as const;
