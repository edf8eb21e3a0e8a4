-- Assigned roles named after a profile role (admin, presenter, staff...) read as that role everywhere and,
-- before this release, granted its rights. Such names are refused from now on; roles created earlier keep
-- their permissions and holders under a new name ('admin' becomes 'admin_legacy_<first 8 of its id>').
-- The locked system roles (news_reporter, radio_manager, content_moderator) keep their names.
UPDATE roles SET name = name || '_legacy_' || substr(id::text, 1, 8)
WHERE NOT is_system_role
  AND name IN ('user', 'presenter', 'admin', 'staff', 'station_director', 'news_reporter', 'content_moderator',
               'technical_support', 'radio_manager', 'content_director', 'technical_lead', 'marketing_manager',
               'community_manager');
