"""Makes tests/cocotb/ importable (`usp.py`, shared by the benches), in
pytest and, through the path cocotb's runner passes on, in the simulator."""
