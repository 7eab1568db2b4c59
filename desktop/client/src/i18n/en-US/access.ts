// Who may do what (issue 26): the 403 page, the read-only line, the Users page's roles and
// warehouses, the Settings page's rules and grants.
export default {
  'access.forbiddenTitle': 'No access',
  'access.askAdmin': 'An admin gives access: in Users (your roles) or in Settings (what each role may do).',
  'access.readOnly': 'You can read this page; {needs}',
} satisfies Record<string, string>;
