"""The toolchain's libIndexStore, bound with ctypes: the index store a debug `swift build` writes,
read by the availability gate (.ci/check-availability) to find every reference in the sources.

The gate, and so this binding, exists because the package is built only on Linux, where the
compiler does not enforce Apple availability. Retire both once a CI build for an Apple platform at
the declared floor (the macOS and iOS simulator jobs in .github/workflows) runs on every change:
the compiler then checks every `@available` itself, including code behind `#if` that Linux never
compiles.
"""

import ctypes
import os
import subprocess


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


def text(ref):
    return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ""


class IndexStore:
    def __init__(self, path):
        swift = subprocess.check_output(["which", "swift"]).decode().strip()
        library = os.path.join(os.path.dirname(os.path.realpath(swift)), "..", "lib", "libIndexStore.so")
        lib = ctypes.CDLL(os.path.realpath(library))
        ptr = ctypes.c_void_p
        self.lib = lib
        self.unit_callback = ctypes.CFUNCTYPE(ctypes.c_bool, ptr, StringRef)
        self.pointer_callback = ctypes.CFUNCTYPE(ctypes.c_bool, ptr, ptr)
        signatures = {
            "indexstore_store_create": (ptr, [ctypes.c_char_p, ctypes.POINTER(ptr)]),
            "indexstore_store_units_apply_f": (ctypes.c_bool, [ptr, ctypes.c_uint, ptr, self.unit_callback]),
            "indexstore_unit_reader_create": (ptr, [ptr, ctypes.c_char_p, ctypes.POINTER(ptr)]),
            "indexstore_unit_reader_dispose": (None, [ptr]),
            "indexstore_unit_reader_is_system_unit": (ctypes.c_bool, [ptr]),
            "indexstore_unit_reader_dependencies_apply_f": (ctypes.c_bool, [ptr, ptr, self.pointer_callback]),
            "indexstore_unit_dependency_get_kind": (ctypes.c_int, [ptr]),
            "indexstore_unit_dependency_get_filepath": (StringRef, [ptr]),
            "indexstore_unit_dependency_get_name": (StringRef, [ptr]),
            "indexstore_record_reader_create": (ptr, [ptr, ctypes.c_char_p, ctypes.POINTER(ptr)]),
            "indexstore_record_reader_dispose": (None, [ptr]),
            "indexstore_record_reader_occurrences_apply_f": (ctypes.c_bool, [ptr, ptr, self.pointer_callback]),
            "indexstore_occurrence_get_symbol": (ptr, [ptr]),
            "indexstore_occurrence_get_roles": (ctypes.c_uint64, [ptr]),
            "indexstore_occurrence_get_line_col": (None, [ptr, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
            "indexstore_occurrence_relations_apply_f": (ctypes.c_bool, [ptr, ptr, self.pointer_callback]),
            "indexstore_symbol_relation_get_roles": (ctypes.c_uint64, [ptr]),
            "indexstore_symbol_relation_get_symbol": (ptr, [ptr]),
            "indexstore_symbol_get_usr": (StringRef, [ptr]),
            "indexstore_symbol_get_name": (StringRef, [ptr]),
        }
        for name, (restype, argtypes) in signatures.items():
            function = getattr(lib, name)
            function.restype = restype
            function.argtypes = argtypes
        error = ptr()
        self.store = lib.indexstore_store_create(path.encode(), ctypes.byref(error))
        if not self.store:
            sys.exit(f"availability gate: cannot open the index store at {path}")

    def records(self, root):
        """Maps each record of a non-system unit whose source file lies under `root` to that file."""
        lib = self.lib
        units = []
        lib.indexstore_store_units_apply_f(self.store, 0, None, self.unit_callback(lambda _, name: units.append(text(name)) or True))
        records = {}
        for unit in units:
            error = ctypes.c_void_p()
            reader = lib.indexstore_unit_reader_create(self.store, unit.encode(), ctypes.byref(error))
            if not reader:
                continue
            if not lib.indexstore_unit_reader_is_system_unit(reader):
                def dependency(_, dep):
                    if lib.indexstore_unit_dependency_get_kind(dep) == 2:  # a record
                        path = os.path.realpath(text(lib.indexstore_unit_dependency_get_filepath(dep)))
                        if path.startswith(root + os.sep) and os.path.exists(path) and os.sep + ".build" not in path[len(root):]:
                            records[text(lib.indexstore_unit_dependency_get_name(dep))] = path
                    return True
                lib.indexstore_unit_reader_dependencies_apply_f(reader, None, self.pointer_callback(dependency))
            lib.indexstore_unit_reader_dispose(reader)
        return records

    def occurrences(self, record):
        """Yields (roles, usr, name, line, column, [(relation roles, related usr)])."""
        lib = self.lib
        error = ctypes.c_void_p()
        reader = lib.indexstore_record_reader_create(self.store, record.encode(), ctypes.byref(error))
        found = []

        def occurrence(_, occ):
            symbol = lib.indexstore_occurrence_get_symbol(occ)
            line, column = ctypes.c_uint(), ctypes.c_uint()
            lib.indexstore_occurrence_get_line_col(occ, ctypes.byref(line), ctypes.byref(column))
            relations = []

            def relation(_, rel):
                related = lib.indexstore_symbol_relation_get_symbol(rel)
                relations.append((lib.indexstore_symbol_relation_get_roles(rel), text(lib.indexstore_symbol_get_usr(related))))
                return True

            lib.indexstore_occurrence_relations_apply_f(occ, None, self.pointer_callback(relation))
            found.append((
                lib.indexstore_occurrence_get_roles(occ), text(lib.indexstore_symbol_get_usr(symbol)),
                text(lib.indexstore_symbol_get_name(symbol)), line.value, column.value, relations,
            ))
            return True

        if reader:
            lib.indexstore_record_reader_occurrences_apply_f(reader, None, self.pointer_callback(occurrence))
            lib.indexstore_record_reader_dispose(reader)
        return found
