// The C side of the D-Bus client: what Swift cannot call directly in libdbus. `DBusError`
// has bit-fields and its set-up is a macro, and the variadic `dbus_message_append_args` and
// `dbus_message_get_args` cannot be called from Swift: messages are read and written with
// the `dbus_message_iter_*` calls only (SplitsBluetooth's DBusWire.swift).
//
// libdbus is opened the first time a D-Bus call is made (a sensor command, a screen with
// sensors), not loaded with the program: it and the seven libraries it needs took 1.7 ms of
// every command's start and 0.7 MB of its memory (docs/decisions.md, 2026-11-29, "libdbus is
// opened when a sensor needs it"). Its headers give the types and the functions' prototypes;
// Splits calls the functions only through `splits_dbus_*` below, each through a pointer found
// with `dlsym`, checked against the prototype when this header compiles. A call made where
// libdbus cannot be opened does nothing and returns 0 (NULL, FALSE); `splits_dbus_open_*`
// say why. Nothing links libdbus: this module map names no library, and the targets that
// import it find libdbus's headers through Package.swift's `dbusHeaders`. ScreenLoopTests
// checks that a screen with no sensor never maps it; SensorsRideTests that one with sensors does.
#ifndef SPLITS_CDBUS_SHIM_H
#define SPLITS_CDBUS_SHIM_H

#include <dbus/dbus.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/// Every libdbus function Splits calls.
#define SPLITS_DBUS_FUNCTIONS(X) \
  X(dbus_error_init) X(dbus_error_is_set) X(dbus_error_free) X(dbus_free) \
  X(dbus_bus_get_private) X(dbus_connection_open_private) X(dbus_bus_register) \
  X(dbus_bus_get_unique_name) X(dbus_connection_set_exit_on_disconnect) \
  X(dbus_connection_close) X(dbus_connection_unref) X(dbus_connection_get_unix_fd) \
  X(dbus_connection_send) X(dbus_connection_flush) X(dbus_connection_read_write) \
  X(dbus_connection_pop_message) X(dbus_message_unref) X(dbus_message_new_method_call) \
  X(dbus_message_get_reply_serial) X(dbus_message_get_type) X(dbus_message_get_path) \
  X(dbus_message_get_interface) X(dbus_message_get_member) X(dbus_message_get_destination) \
  X(dbus_message_get_error_name) X(dbus_message_iter_init) X(dbus_message_iter_next) \
  X(dbus_message_iter_get_basic) X(dbus_message_iter_get_arg_type) X(dbus_message_iter_recurse) \
  X(dbus_message_iter_get_signature) X(dbus_message_iter_get_fixed_array) \
  X(dbus_message_iter_init_append) X(dbus_message_iter_append_basic) \
  X(dbus_message_iter_append_fixed_array) X(dbus_message_iter_open_container) \
  X(dbus_message_iter_close_container) X(dbus_message_iter_abandon_container)

/// The functions found in libdbus, or why it could not be opened (`failure`, else NULL).
struct splits_dbus_table {
  const char *failure;
#define SPLITS_DBUS_POINTER(name) __typeof__(name) *name;
  SPLITS_DBUS_FUNCTIONS(SPLITS_DBUS_POINTER)
#undef SPLITS_DBUS_POINTER
};

/// The table, filled once (`splits_dbus`).
static inline struct splits_dbus_table *splits_dbus_storage(void) {
  static struct splits_dbus_table table;
  return &table;
}

/// Opens the library `name` and finds every function in it into `found`, or notes why not in
/// `found->failure` (then no function is set). The tests call it with names of their own.
static inline void splits_dbus_find(const char *name, struct splits_dbus_table *found) {
  struct splits_dbus_table none = {0};
  *found = none;
  void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *why = dlerror();
    char *copy = why != NULL ? strdup(why) : NULL;
    found->failure = copy != NULL ? copy : "libdbus cannot be opened";
    return;
  }
#define SPLITS_DBUS_FIND(function) \
  found->function = (__typeof__(function) *)dlsym(library, #function); \
  if (found->function == NULL) { \
    *found = none; \
    found->failure = "libdbus has no " #function; \
    return; \
  }
  SPLITS_DBUS_FUNCTIONS(SPLITS_DBUS_FIND)
#undef SPLITS_DBUS_FIND
}

/// Opens libdbus into the table (`splits_dbus`, once).
static inline void splits_dbus_load(void) { splits_dbus_find("libdbus-1.so.3", splits_dbus_storage()); }

/// libdbus's functions, opened at the first call (once, whichever thread calls first).
static inline const struct splits_dbus_table *splits_dbus(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, splits_dbus_load);
  return splits_dbus_storage();
}

/// Why libdbus cannot be used here, or NULL.
static inline const char *splits_dbus_failure(void) { return splits_dbus()->failure; }

// One wrapper per function: the call through the pointer, or `none` without libdbus.
#define SPLITS_DBUS_CALL(type, name, parameters, arguments, none) \
  static inline type splits_##name parameters { \
    const struct splits_dbus_table *calls = splits_dbus(); \
    if (calls->failure != NULL) return none; \
    return calls->name arguments; \
  }
#define SPLITS_DBUS_DO(name, parameters, arguments) \
  static inline void splits_##name parameters { \
    const struct splits_dbus_table *calls = splits_dbus(); \
    if (calls->failure == NULL) calls->name arguments; \
  }

SPLITS_DBUS_DO(dbus_error_init, (DBusError *error), (error))
SPLITS_DBUS_CALL(dbus_bool_t, dbus_error_is_set, (const DBusError *error), (error), FALSE)
SPLITS_DBUS_DO(dbus_error_free, (DBusError *error), (error))
SPLITS_DBUS_DO(dbus_free, (void *memory), (memory))
SPLITS_DBUS_CALL(DBusConnection *, dbus_bus_get_private, (DBusBusType type, DBusError *error), (type, error), NULL)
SPLITS_DBUS_CALL(DBusConnection *, dbus_connection_open_private, (const char *address, DBusError *error), (address, error), NULL)
SPLITS_DBUS_CALL(dbus_bool_t, dbus_bus_register, (DBusConnection *connection, DBusError *error), (connection, error), FALSE)
SPLITS_DBUS_CALL(const char *, dbus_bus_get_unique_name, (DBusConnection *connection), (connection), NULL)
SPLITS_DBUS_DO(dbus_connection_set_exit_on_disconnect, (DBusConnection *connection, dbus_bool_t exit), (connection, exit))
SPLITS_DBUS_DO(dbus_connection_close, (DBusConnection *connection), (connection))
SPLITS_DBUS_DO(dbus_connection_unref, (DBusConnection *connection), (connection))
SPLITS_DBUS_CALL(dbus_bool_t, dbus_connection_get_unix_fd, (DBusConnection *connection, int *fd), (connection, fd), FALSE)
SPLITS_DBUS_CALL(dbus_bool_t, dbus_connection_send, (DBusConnection *connection, DBusMessage *message, dbus_uint32_t *serial), (connection, message, serial), FALSE)
SPLITS_DBUS_DO(dbus_connection_flush, (DBusConnection *connection), (connection))
SPLITS_DBUS_CALL(dbus_bool_t, dbus_connection_read_write, (DBusConnection *connection, int timeout), (connection, timeout), FALSE)
SPLITS_DBUS_CALL(DBusMessage *, dbus_connection_pop_message, (DBusConnection *connection), (connection), NULL)
SPLITS_DBUS_DO(dbus_message_unref, (DBusMessage *message), (message))
SPLITS_DBUS_CALL(DBusMessage *, dbus_message_new_method_call, (const char *destination, const char *path, const char *interface, const char *method), (destination, path, interface, method), NULL)
SPLITS_DBUS_CALL(dbus_uint32_t, dbus_message_get_reply_serial, (DBusMessage *message), (message), 0)
SPLITS_DBUS_CALL(int, dbus_message_get_type, (DBusMessage *message), (message), DBUS_MESSAGE_TYPE_INVALID)
SPLITS_DBUS_CALL(const char *, dbus_message_get_path, (DBusMessage *message), (message), NULL)
SPLITS_DBUS_CALL(const char *, dbus_message_get_interface, (DBusMessage *message), (message), NULL)
SPLITS_DBUS_CALL(const char *, dbus_message_get_member, (DBusMessage *message), (message), NULL)
SPLITS_DBUS_CALL(const char *, dbus_message_get_destination, (DBusMessage *message), (message), NULL)
SPLITS_DBUS_CALL(const char *, dbus_message_get_error_name, (DBusMessage *message), (message), NULL)
SPLITS_DBUS_CALL(dbus_bool_t, dbus_message_iter_init, (DBusMessage *message, DBusMessageIter *iterator), (message, iterator), FALSE)
SPLITS_DBUS_CALL(dbus_bool_t, dbus_message_iter_next, (DBusMessageIter *iterator), (iterator), FALSE)
SPLITS_DBUS_DO(dbus_message_iter_get_basic, (DBusMessageIter *iterator, void *value), (iterator, value))
SPLITS_DBUS_CALL(int, dbus_message_iter_get_arg_type, (DBusMessageIter *iterator), (iterator), DBUS_TYPE_INVALID)
SPLITS_DBUS_DO(dbus_message_iter_recurse, (DBusMessageIter *iterator, DBusMessageIter *inner), (iterator, inner))
SPLITS_DBUS_CALL(char *, dbus_message_iter_get_signature, (DBusMessageIter *iterator), (iterator), NULL)
SPLITS_DBUS_DO(dbus_message_iter_get_fixed_array, (DBusMessageIter *iterator, void *value, int *count), (iterator, value, count))
SPLITS_DBUS_DO(dbus_message_iter_init_append, (DBusMessage *message, DBusMessageIter *iterator), (message, iterator))
SPLITS_DBUS_CALL(dbus_bool_t, dbus_message_iter_append_basic, (DBusMessageIter *iterator, int type, const void *value), (iterator, type, value), FALSE)
SPLITS_DBUS_CALL(dbus_bool_t, dbus_message_iter_append_fixed_array, (DBusMessageIter *iterator, int type, const void *value, int count), (iterator, type, value, count), FALSE)
SPLITS_DBUS_CALL(dbus_bool_t, dbus_message_iter_open_container, (DBusMessageIter *iterator, int type, const char *signature, DBusMessageIter *inner), (iterator, type, signature, inner), FALSE)
SPLITS_DBUS_CALL(dbus_bool_t, dbus_message_iter_close_container, (DBusMessageIter *iterator, DBusMessageIter *inner), (iterator, inner), FALSE)
SPLITS_DBUS_DO(dbus_message_iter_abandon_container, (DBusMessageIter *iterator, DBusMessageIter *inner), (iterator, inner))

#undef SPLITS_DBUS_CALL
#undef SPLITS_DBUS_DO

/// A private connection to the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, or the standard
/// socket), registered with the bus, that never exits the process when the bus goes away.
/// NULL when it cannot be made, with `*reason` a malloc'd text to free.
static inline DBusConnection *splits_dbus_open_system(char **reason) {
  if (splits_dbus_failure() != NULL) {
    *reason = strdup(splits_dbus_failure());
    return NULL;
  }
  DBusError error;
  splits_dbus_error_init(&error);
  DBusConnection *connection = splits_dbus_bus_get_private(DBUS_BUS_SYSTEM, &error);
  if (connection == NULL) {
    *reason = strdup(splits_dbus_error_is_set(&error) && error.message ? error.message : "unknown error");
    splits_dbus_error_free(&error);
    return NULL;
  }
  splits_dbus_connection_set_exit_on_disconnect(connection, FALSE);
  *reason = NULL;
  return connection;
}

/// A private connection to the bus at `address`, registered, as `splits_dbus_open_system`
/// (a test's private bus, without changing the process's environment: libdbus reads
/// `DBUS_SYSTEM_BUS_ADDRESS` once a process).
static inline DBusConnection *splits_dbus_open_address(const char *address, char **reason) {
  if (splits_dbus_failure() != NULL) {
    *reason = strdup(splits_dbus_failure());
    return NULL;
  }
  DBusError error;
  splits_dbus_error_init(&error);
  DBusConnection *connection = splits_dbus_connection_open_private(address, &error);
  if (connection != NULL && !splits_dbus_bus_register(connection, &error)) {
    splits_dbus_connection_close(connection);
    splits_dbus_connection_unref(connection);
    connection = NULL;
  }
  if (connection == NULL) {
    *reason = strdup(splits_dbus_error_is_set(&error) && error.message ? error.message : "unknown error");
    splits_dbus_error_free(&error);
    return NULL;
  }
  splits_dbus_connection_set_exit_on_disconnect(connection, FALSE);
  *reason = NULL;
  return connection;
}

/// The connection's socket, or -1.
static inline int splits_dbus_fd(DBusConnection *connection) {
  int fd = -1;
  if (!splits_dbus_connection_get_unix_fd(connection, &fd)) return -1;
  return fd;
}

/// Closes and releases a private connection.
static inline void splits_dbus_close(DBusConnection *connection) {
  splits_dbus_connection_close(connection);
  splits_dbus_connection_unref(connection);
}

/// Queues `message`; its serial, or 0 when it could not be queued (no memory).
static inline dbus_uint32_t splits_dbus_send(DBusConnection *connection, DBusMessage *message) {
  dbus_uint32_t serial = 0;
  if (!splits_dbus_connection_send(connection, message, &serial)) return 0;
  return serial;
}

static inline int splits_dbus_type_invalid(void) { return DBUS_TYPE_INVALID; }
static inline int splits_dbus_message_method_call(void) { return DBUS_MESSAGE_TYPE_METHOD_CALL; }
static inline int splits_dbus_message_method_return(void) { return DBUS_MESSAGE_TYPE_METHOD_RETURN; }
static inline int splits_dbus_message_error(void) { return DBUS_MESSAGE_TYPE_ERROR; }
static inline int splits_dbus_message_signal(void) { return DBUS_MESSAGE_TYPE_SIGNAL; }

/// A byte array's elements, read at `iterator` (which points into an array of bytes).
static inline int splits_dbus_read_bytes(DBusMessageIter *iterator, const unsigned char **bytes) {
  int count = 0;
  splits_dbus_message_iter_get_fixed_array(iterator, bytes, &count);
  return count;
}

/// Appends `count` bytes to an array container being written.
static inline dbus_bool_t splits_dbus_append_bytes(DBusMessageIter *array, const unsigned char *bytes, int count) {
  return splits_dbus_message_iter_append_fixed_array(array, DBUS_TYPE_BYTE, &bytes, count);
}

#endif
